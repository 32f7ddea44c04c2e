// A layout family of the class-set evaluation (layouts.ts): a CLOZE passage. The questions are not set one a line:
// each is a sentence with a blank ("3/4 written as a percent is (2) ______."), and the sentences run on one after
// another as a paragraph that wraps across the page, several blanks to a line. Each blank's number is printed in
// brackets before it, inside the sentence; the answer is written on the blank.
import type { Layout } from "./more-layouts";
import { LEFT, LH, print, RIGHT, TOP, width } from "./sheet";

const BLANK = 170;
const SPACE = 6;

/** The words of a text as the typesetter breaks it: never inside a sum ("301 + 53 ="). */
function units(text: string): string[] {
  const out: string[] = [];
  const operator = (w: string) => /^[×+=−-]$/.test(w);
  for (const word of text.split(" "))
    if (out.length && (operator(word) || operator(out.at(-1)!.split(" ").at(-1)!))) out[out.length - 1] += ` ${word}`;
    else out.push(word);
  return out;
}

export const cloze: Layout = (t, qs) => {
  t.marks.push(print("Read the passage. Write the answer to each numbered blank on its line.", LEFT, TOP));
  const gap = width("a b") - width("ab") || SPACE;
  let [x, y] = [LEFT, TOP + LH * 2.2];
  // A word (or a blank) at the current place, a new line first when it does not fit.
  const place = (w: number) => {
    if (x > LEFT && x + w > RIGHT) [x, y] = [LEFT, y + LH * 2];
    const at = x;
    x += w + gap;
    return at;
  };
  for (const [i, q] of qs.entries()) {
    for (const word of units(q.blank[0])) t.marks.push(print(word, place(width(word)), y));
    const label = `(${i + 1})`;
    // The label stays on the blank's line.
    if (x + width(label) + gap + BLANK > RIGHT) [x, y] = [LEFT, y + LH * 2];
    t.marks.push(print(label, place(width(label)), y));
    const after = q.blank[1] || ".";
    const at = place(BLANK);
    t.rules.push({ kind: "line", x: at, y: y + 5, w: BLANK });
    t.slots.push({ x: at + 14, y: y - 3 });
    // The sentence's end ("." or "cm.") right after the blank.
    x -= gap - (after === "." ? 2 : 8);
    for (const word of after.split(" ")) t.marks.push(print(word, place(width(word)), y));
  }
  t.bottom = y + LH;
};
