// A layout family of the class-set evaluation (layouts.ts): a DRILL sheet of sums and products, three to a row,
// numbered across the rows ("1)  412 + 57 = ____   2)  6 × 8 = ____   3) …"); each answer written on the short
// line after its "=".
import type { Layout } from "./more-layouts";
import { LEFT, LH, print, TOP, width } from "./sheet";

const COLUMNS = 3;
const CELL = 290;
const BLANK = 90;

export const drill: Layout = (t, qs) => {
  t.marks.push(print("Work out each one. Write the answer on the line.", LEFT, TOP));
  let y = TOP + LH * 2;
  for (const [i, q] of qs.entries()) {
    const x = LEFT + (i % COLUMNS) * CELL;
    const text = `${i + 1})  ${q.blank[0]}`;
    t.marks.push(print(text, x, y));
    const at = x + width(text) + 10;
    t.rules.push({ kind: "line", x: at, y: y + 5, w: BLANK });
    t.slots.push({ x: at + 8, y: y - 3 });
    if (i % COLUMNS === COLUMNS - 1) y += LH * 2.2;
  }
  t.bottom = y + LH;
};
