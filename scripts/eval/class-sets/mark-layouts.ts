// Layout families of the class-set evaluation (layouts.ts) where a multiple-choice answer is a mark of the student's
// pen on a printed option, not a word: CIRCLED options (the option circled on its options' line, the other answers on
// "Answer:" lines), TICKED boxes (each option on its own line after a printed box, the right one ticked or
// crossed; the other answers on a plain ruled line under their question) and BUBBLES (a row of lettered bubbles
// under each question's options, the right one filled in; the other answers in a box at the right margin).
import { answerLine, LEFT, LH, print, RIGHT, TOP, width } from "./sheet";
import type { Layout } from "./more-layouts";

/**
 * Circled: "Circle the right answer." Each multiple-choice question's options on the line under it, the answer
 * circled there (fill draws the student's ellipse around the option); every other question has an "Answer:" line.
 */
export const circled: Layout = (t, qs) => {
  t.marks.push(print("Circle the right answer. Write the other answers on the line.", LEFT, TOP));
  t.circles = [];
  const gap = "     ";
  let y = TOP + LH * 1.8;
  for (const [i, q] of qs.entries()) {
    const line = `${i + 1}. ${q.text}`;
    t.marks.push(print(line, LEFT, y));
    if (q.options) {
      const x = LEFT + 30;
      t.marks.push(print(q.options.join(gap), x, y + LH * 1.2));
      t.circles[i] = q.options.map((o, k) => ({
        x: x + (k ? width(q.options!.slice(0, k).join(gap) + gap) : 0),
        y: y + LH * 1.2,
        w: width(o),
      }));
      t.slots.push({ x: LEFT + width(line) + 22, y });
      y += LH * 2.8;
    } else {
      t.slots.push(answerLine(t, LEFT + 30, y + LH));
      y += LH * 2.5;
    }
  }
  t.bottom = y;
};

/**
 * Ticked: "Tick the box beside the right answer." Each multiple-choice question's options one a line under it, a
 * printed box before each; the student ticks (or crosses) the box of the one they choose (fill draws the mark).
 * Every other question's answer is written on a plain ruled line under it, no label.
 */
export const ticked: Layout = (t, qs) => {
  t.marks.push(print("Tick the box of the right answer. Write the other answers on the line.", LEFT, TOP));
  t.ticks = [];
  const box = 14;
  let y = TOP + LH * 1.8;
  for (const [i, q] of qs.entries()) {
    t.marks.push(print(`${i + 1}) ${q.text}`, LEFT, y));
    if (q.options) {
      const x = LEFT + 40;
      t.ticks[i] = q.options.map((o, k) => {
        const top = y + LH * (k + 1) - box + 1;
        t.rules.push({ kind: "box", x, y: top, w: box, h: box });
        t.marks.push(print(o, x + box + 12, y + LH * (k + 1)));
        return { x, y: top, w: box };
      });
      t.slots.push({ x: LEFT + width(`${i + 1}) ${q.text}`) + 22, y });
      y += LH * (q.options.length + 1.8);
    } else {
      t.rules.push({ kind: "line", x: LEFT + 40, y: y + LH + 5, w: 280 });
      t.slots.push({ x: LEFT + 48, y: y + LH });
      y += LH * 2.6;
    }
  }
  t.bottom = y;
};

/**
 * Bubbles: "Fill in the bubble of the right answer." Each multiple-choice question's options on the line under it,
 * and under them a row of printed bubbles, one a letter with the letter small inside; the student fills the chosen
 * one in (fill draws the disc). Every other question's answer is written in a printed box at the right margin of its
 * line.
 */
export const bubbles: Layout = (t, qs) => {
  t.marks.push(print("Fill in the bubble of the right answer. Write the other answers in the box.", LEFT, TOP));
  t.bubbles = [];
  const [r, step] = [9, 46];
  let y = TOP + LH * 1.8;
  for (const [i, q] of qs.entries()) {
    t.marks.push(print(`${i + 1}. ${q.text}`, LEFT, y));
    if (q.options) {
      t.marks.push(print(q.options.join("     "), LEFT + 30, y + LH * 1.1));
      const cy = y + LH * 2.1 - 6;
      t.bubbles[i] = q.options.map((o, k) => {
        const cx = LEFT + 30 + r + k * step;
        t.rules.push({ kind: "bubble", x: cx - r, y: cy - r, w: 2 * r, h: 2 * r });
        t.marks.push(print(o.slice(0, 1), cx - 4, cy + 4, 11));
        return { x: cx - r, y: cy - r, w: 2 * r };
      });
      t.slots.push({ x: LEFT + width(`${i + 1}. ${q.text}`) + 22, y });
      y += LH * 3.3;
    } else {
      const [w, h] = [170, 34];
      t.rules.push({ kind: "box", x: RIGHT - w, y: y - 24, w, h });
      t.slots.push({ x: RIGHT - w + 12, y: y + 2 });
      y += LH * 2;
    }
  }
  t.bottom = y;
};
