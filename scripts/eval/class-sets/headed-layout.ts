// A layout family of the class-set evaluation (layouts.ts): HEADED questions. Each question under a heading of its
// own ("Question 3", a little larger than the text), its text on the line below (a multiple-choice question's options
// on the next), and a box under it for the answer, "Answer" printed small in the box's top left corner; the answer
// is written in the box, right of that word.
import type { Layout } from "./more-layouts";
import { LEFT, LH, print, TOP, width, wrap } from "./sheet";

const BOX_W = 360;
const BOX_H = 46;
const SMALL = 12;

export const headed: Layout = (t, qs) => {
  t.marks.push(print("Answer each question in its box.", LEFT, TOP));
  let y = TOP + LH * 2;
  for (const [i, q] of qs.entries()) {
    t.marks.push(print(`Question ${i + 1}`, LEFT, y, 19));
    y += LH;
    const lines = wrap(q.text, 720);
    if (q.options) lines.push(q.options.join("    "));
    lines.forEach((l, k) => t.marks.push(print(l, LEFT, y + k * LH)));
    y += (lines.length - 1) * LH + 16;
    t.rules.push({ kind: "box", x: LEFT, y, w: BOX_W, h: BOX_H });
    t.marks.push(print("Answer", LEFT + 6, y + 14, SMALL));
    t.slots.push({ x: LEFT + 12 + width("Answer", SMALL) + 16, y: y + 32 });
    y += BOX_H + LH * 1.2;
  }
  t.bottom = y;
};
