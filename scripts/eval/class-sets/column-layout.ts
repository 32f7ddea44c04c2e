// A layout family of the class-set evaluation (layouts.ts): an answer COLUMN. A ruled column down the right of the
// page headed "Answers"; each question numbered at the left margin, its text wrapped in the width left to it (a
// multiple-choice question's options on the line under it), and a short ruled line inside the column, level with the
// question's last line, where the answer is written. Nothing but the row ties an answer to its question.
import type { Layout } from "./more-layouts";
import { LEFT, LH, print, RIGHT, TOP, wrap } from "./sheet";

const COLUMN = 690;
const INDENT = 30;

export const column: Layout = (t, qs) => {
  t.marks.push(print("Write each answer in the Answers column, level with its question.", LEFT, TOP));
  const top = TOP + LH;
  t.marks.push(print("Answers", COLUMN + 20, top + LH));
  let y = top + LH * 2.6;
  for (const [i, q] of qs.entries()) {
    t.marks.push(print(`${i + 1}.`, LEFT, y));
    const lines = wrap(q.text, COLUMN - LEFT - INDENT - 24);
    if (q.options) lines.push(q.options.join("   "));
    lines.forEach((l, k) => t.marks.push(print(l, LEFT + INDENT, y + k * LH)));
    const last = y + (lines.length - 1) * LH;
    t.rules.push({ kind: "line", x: COLUMN + 18, y: last + 5, w: RIGHT - COLUMN - 36 });
    t.slots.push({ x: COLUMN + 28, y: last });
    y = last + LH * 1.7;
  }
  t.rules.push({ kind: "box", x: COLUMN, y: top, w: RIGHT - COLUMN, h: y - top - LH * 0.5 });
  t.bottom = y;
};
