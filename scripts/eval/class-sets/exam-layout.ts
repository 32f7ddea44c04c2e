// A layout family of the class-set evaluation (layouts.ts) shaped like a printed test paper: EXAM. A box for the
// total at the top right, the instructions, then each question under a rule across the page, its number alone at the
// left margin (no point, no bracket), its text beside it, and the answer on a ruled line at the right of the line under
// it, the question's marks printed after the line ("[2]"); a multiple-choice question's options between them.
import type { Layout } from "./more-layouts";
import { LEFT, LH, print, RIGHT, TOP, width, wrap } from "./sheet";

const INDENT = 44;

export const exam: Layout = (t, qs) => {
  const total = `/ ${2 * qs.length}`;
  t.marks.push(print("Total", RIGHT - 200, 125), print(total, RIGHT - width(total), 125));
  t.rules.push({ kind: "box", x: RIGHT - 150, y: 100, w: 80, h: 34 });
  t.marks.push(print("Answer all the questions. Write each answer on its line.", LEFT, TOP));
  let y = TOP + LH * 1.3;
  for (const [i, q] of qs.entries()) {
    t.rules.push({ kind: "line", x: LEFT, y, w: RIGHT - LEFT });
    y += LH * 1.1;
    t.marks.push(print(`${i + 1}`, LEFT, y, 19));
    const lines = wrap(q.text, RIGHT - LEFT - INDENT - 40);
    if (q.options) lines.push(q.options.join("     "));
    lines.forEach((l, k) => t.marks.push(print(l, LEFT + INDENT, y + k * LH)));
    y += lines.length * LH + LH * 0.4;
    const marks = "[2]";
    t.rules.push({ kind: "line", x: RIGHT - 380, y: y + 5, w: 300 });
    t.marks.push(print(marks, RIGHT - width(marks), y));
    t.slots.push({ x: RIGHT - 370, y });
    y += LH * 0.7;
  }
  t.bottom = y;
};
