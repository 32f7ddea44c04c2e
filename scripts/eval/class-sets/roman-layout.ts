// A layout family of the class-set evaluation (layouts.ts): ROMAN question numbers. Each question numbered "(i)",
// "(ii)", … at the left margin, its text beside it (a multiple-choice question's options on the line under it), and a
// plain ruled line under it, indented under the text, where the answer is written.
import type { Layout } from "./more-layouts";
import { LEFT, LH, print, RIGHT, TOP, wrap } from "./sheet";

const ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];
const INDENT = 58;
const LINE = 300;

export const roman: Layout = (t, qs) => {
  t.marks.push(print("Write each answer on the line under its question.", LEFT, TOP));
  let y = TOP + LH * 2;
  for (const [i, q] of qs.entries()) {
    t.marks.push(print(`(${ROMAN[i]})`, LEFT, y));
    const lines = wrap(q.text, RIGHT - LEFT - INDENT);
    if (q.options) lines.push(q.options.join("    "));
    lines.forEach((l, k) => t.marks.push(print(l, LEFT + INDENT, y + k * LH)));
    y += lines.length * LH + 4;
    t.rules.push({ kind: "line", x: LEFT + INDENT, y: y + 5, w: LINE });
    t.slots.push({ x: LEFT + INDENT + 10, y });
    y += LH * 1.3;
  }
  t.bottom = y;
};
