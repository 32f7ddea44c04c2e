// A layout family of the class-set evaluation (layouts.ts): RINGED question numbers. "Class:" and "Date:" lines
// beside the name (left blank), then each question's number printed inside a circle at the left margin, its text
// beside it, and "Ans." with a ruled line at the right end of the question's (last) line, where the answer is
// written; a multiple-choice question's options on the line under it.
import type { Layout } from "./more-layouts";
import { LEFT, LH, print, RIGHT, TOP, width, wrap } from "./sheet";

const R = 14;
const INDENT = 46;
const LINE = 170;

export const ringed: Layout = (t, qs) => {
  t.marks.push(print("Class:", RIGHT - 330, 125), print("Date:", RIGHT - 170, 125));
  t.rules.push(
    { kind: "line", x: RIGHT - 330 + width("Class: "), y: 130, w: 90 },
    { kind: "line", x: RIGHT - 170 + width("Date: "), y: 130, w: 110 },
  );
  t.marks.push(print("Show your answers clearly.", LEFT, TOP));
  let y = TOP + LH * 1.9;
  for (const [i, q] of qs.entries()) {
    const label = `${i + 1}`;
    const cy = y - 6;
    t.rules.push({ kind: "bubble", x: LEFT, y: cy - R, w: 2 * R, h: 2 * R });
    t.marks.push(print(label, LEFT + R - width(label, 15) / 2, y - 1, 15));
    const ans = "Ans.";
    const lineX = RIGHT - LINE;
    const lines = wrap(q.text, lineX - width(ans) - 30 - LEFT - INDENT);
    lines.forEach((l, k) => t.marks.push(print(l, LEFT + INDENT, y + k * LH)));
    const last = y + (lines.length - 1) * LH;
    t.marks.push(print(ans, lineX - width(ans) - 8, last));
    t.rules.push({ kind: "line", x: lineX, y: last + 5, w: LINE });
    t.slots.push({ x: lineX + 10, y: last });
    y = last + LH;
    if (q.options) {
      t.marks.push(print(q.options.join("    "), LEFT + INDENT, y));
      y += LH;
    }
    y += LH * 0.9;
  }
  t.bottom = y;
};
