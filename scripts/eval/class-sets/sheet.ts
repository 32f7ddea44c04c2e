// The printed sheet of a class-set worksheet (layouts.ts): page units, the marks and rules a layout places, and the
// few shapes every family shares (a title with its "Name:" line, "Answer:" lines, wrapped text).
import { measure, type Face } from "./fonts";

export const PAGE = { width: 1000, height: 1294 };
export const LEFT = 70;
export const RIGHT = 930;
export const SIZE = 17;
export const LH = 28;
export const TOP = 165;
export const BOTTOM = 1250;

export interface Mark {
  face: Face;
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  /** Degrees, for answers. */
  angle?: number;
}
export interface Rule {
  /**
   * A ruled line, box or bubble of the sheet; an ellipse is a student's pen circling an option, a tick or a cross
   * their pen's mark in an option's box (its strokes within x, y, w, h), a disc a bubble they filled in.
   */
  kind: "line" | "box" | "bubble" | "ellipse" | "tick" | "cross" | "disc";
  x: number;
  y: number;
  w: number;
  /** Boxes, bubbles, ellipses, ticks, crosses and discs only. */
  h?: number;
}
/** Where an answer is written: the start of its baseline. */
export interface Slot {
  x: number;
  y: number;
}
export interface Template {
  marks: Mark[];
  rules: Rule[];
  slots: Slot[];
  /** Where a question's working may be written, by question (the work-space family): never its answer. */
  scratch?: (Slot | undefined)[];
  /** A multiple-choice question's options as printed, by question (the circled family): the answer is circled. */
  circles?: ({ x: number; y: number; w: number }[] | undefined)[];
  /** A multiple-choice question's option boxes (top left, side), by question (the ticked family): the answer's is ticked. */
  ticks?: ({ x: number; y: number; w: number }[] | undefined)[];
  /** A multiple-choice question's bubbles (top left, diameter), by question (the bubbles family): the answer's is filled. */
  bubbles?: ({ x: number; y: number; w: number }[] | undefined)[];
  name: Slot;
  bottom: number;
}
export const print = (text: string, x: number, y: number, size = SIZE): Mark => ({ face: "print", text, x, y, size });
export const width = (text: string, size = SIZE) => measure(text, "print", size);

/** Words of a text in lines no wider than `max` page units. */
export function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && width(next) > max) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return [...lines, line];
}

/** "Answer:" and its line at (x, y); returns where the answer goes. */
export function answerLine(t: Template, x: number, y: number, w = 300): Slot {
  t.marks.push(print("Answer:", x, y));
  const start = x + width("Answer: ");
  t.rules.push({ kind: "line", x: start, y: y + 5, w });
  return { x: start + 8, y };
}

export function header(title: string): Template {
  const t: Template = { marks: [print(title, LEFT, 80, 24)], rules: [], slots: [], name: { x: 0, y: 0 }, bottom: TOP };
  t.marks.push(print("Name:", LEFT, 125));
  const start = LEFT + width("Name: ");
  t.rules.push({ kind: "line", x: start, y: 130, w: 330 });
  t.name = { x: start + 10, y: 125 };
  return t;
}
