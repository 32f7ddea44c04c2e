// Class sets for the evaluation of issue 30 (step 9): ONE printed worksheet (title, a "Name:" field, 8–12
// questions and their key) and the copies N students filled in, each with the points every question should get.
// A layout family places the printed text, answer lines and boxes, and where each answer goes, in page units
// (PAGE.width × PAGE.height, text at its baseline); the students' answers are typed in another face, a little off
// the line and differently for every student, as children write on a printed sheet.
//
// WHOLE FAMILIES ARE HELD OUT. Development (the grader and the template) may look at the DEV families only; the
// HELD-OUT families are measured once, at the end, and reported apart. Seeds are fixed here so that every run
// makes the same class sets.
import {
  answerLine,
  BOTTOM,
  header,
  LEFT,
  LH,
  print,
  RIGHT,
  TOP,
  width,
  wrap,
  type Mark,
  type Rule,
  type Slot,
  type Template,
} from "./sheet";
import {
  answerFirst,
  answerGrid,
  brackets,
  dotted,
  keyStem,
  matching,
  parts,
  stacked,
  table,
  taskCards,
  wordBank,
  working,
  workSpace,
  type Layout,
} from "./more-layouts";
import { bubbles, circled, ticked } from "./mark-layouts";
import { exam } from "./exam-layout";
import { ringed } from "./ringed-layout";
import { cloze } from "./cloze-layout";
import { drill } from "./drill-layout";
import { roman } from "./roman-layout";
import { column } from "./column-layout";
import { headed } from "./headed-layout";
import { chooseAnswer, int, KINDS, makeQuestion, pick, rngFrom, type Answer, type Question, type Rng } from "./questions";

// New families are appended (never inserted): a family's seed is its place in its list, so older figures stay comparable.
// How each family came to be held out or developed, with its one blind measure: HISTORY.md beside this file.
export const DEV_FAMILIES = [
  "inline",
  "answer-line",
  "options-below",
  "wrapped",
  "table",
  "word-bank",
  "matching",
  "two-columns",
  "task-cards",
  "answer-grid",
  "answer-first",
  "work-space",
  "stacked",
  "dotted",
  "circled",
  "ticked",
  "brackets",
  "bubbles",
  "parts",
  "exam",
  "ringed",
  "cloze",
  "drill",
  "headed",
  "roman",
  "column",
] as const;
export const HELDOUT_FAMILIES = ["fill-blank", "boxes"] as const;
export type Family = (typeof DEV_FAMILIES)[number] | (typeof HELDOUT_FAMILIES)[number];
/** Seed of the first family of each split; the next family adds 1, students add 1000 × (index + 1). */
export const SEEDS = { dev: 20261125, heldout: 30110 } as const;

export { PAGE, type Mark, type Rule } from "./sheet";

export interface FilledPage {
  student: string;
  marks: Mark[];
  rules: Rule[];
  answers: Answer[];
  /** Points each question should get, by question number. */
  expected: Record<number, number>;
}
export interface ClassSet {
  family: Family;
  title: string;
  questions: Question[];
  /** The teacher's key, one line a question. */
  key: string;
  points: number;
  pages: FilledPage[];
}

const optionsText = (q: Question) => q.options!.join("    ");

/** A family: the kinds of question it asks, how it places them, and whether no two may share a key's first word. */
const LAYOUTS: Record<Family, { kinds: string[]; place: Layout; distinctKeys?: boolean }> = {
  // "3. What is 7 × 8? 56"
  inline: {
    kinds: KINDS.filter((k) => k !== "choice"),
    place: (t, qs) => {
      let y = TOP;
      qs.forEach((q, i) => {
        const line = `${i + 1}. ${q.text}`;
        t.marks.push(print(line, LEFT, y));
        t.slots.push({ x: LEFT + width(line) + 22, y });
        y += LH * 1.45;
      });
      t.bottom = y;
    },
  },
  // The question, then "Answer: ____" under it; options, when there are any, after the question on its line.
  "answer-line": {
    kinds: KINDS,
    place: (t, qs) => {
      let y = TOP;
      qs.forEach((q, i) => {
        t.marks.push(print(`${i + 1}. ${q.text}${q.options ? `   ${q.options.join("  ")}` : ""}`, LEFT, y));
        t.slots.push(answerLine(t, LEFT + 30, y + LH));
        y += LH * 2.5;
      });
      t.bottom = y;
    },
  },
  // Options on their own line under the question; the letter on an "Answer:" line or after the question.
  "options-below": {
    kinds: [...KINDS, "choice", "choice", "choice", "choice"],
    place: (t, qs, rng) => {
      const after = rng() < 0.5;
      let y = TOP;
      qs.forEach((q, i) => {
        const line = `${i + 1}. ${q.text}`;
        t.marks.push(print(line, LEFT, y));
        if (q.options) {
          t.marks.push(print(optionsText(q), LEFT + 30, y + LH));
          if (after) t.slots.push({ x: LEFT + width(line) + 22, y });
          else t.slots.push(answerLine(t, LEFT + 30, y + 2 * LH, 120));
          y += LH * (after ? 2.5 : 3.5);
        } else {
          t.slots.push(answerLine(t, LEFT + 30, y + LH));
          y += LH * 2.5;
        }
      });
      t.bottom = y;
    },
  },
  // A story before each question, so that it wraps over two or three lines; the answer on a line below.
  wrapped: {
    kinds: KINDS,
    place: (t, qs, rng) => {
      const max = int(rng, 520, 640);
      let y = TOP;
      qs.forEach((q, i) => {
        const lines = wrap(`${q.story} ${q.text}`, max);
        lines.forEach((l, j) => t.marks.push(print(j ? l : `${i + 1}. ${l}`, j ? LEFT + 24 : LEFT, y + j * LH)));
        y += lines.length * LH;
        if (q.options) {
          t.marks.push(print(optionsText(q), LEFT + 24, y));
          y += LH;
        }
        t.slots.push(answerLine(t, LEFT + 24, y));
        y += LH * 1.6;
      });
      t.bottom = y;
    },
  },
  // "The capital of France is ____." with the answer written over the blank.
  "fill-blank": {
    kinds: KINDS.filter((k) => k !== "choice"),
    place: (t, qs) => {
      let y = TOP;
      qs.forEach((q, i) => {
        const before = `${i + 1}. ${q.blank[0]} `;
        const x = LEFT + width(before);
        const w = 170;
        t.marks.push(print(before.trimEnd(), LEFT, y));
        t.rules.push({ kind: "line", x, y: y + 5, w });
        if (q.blank[1]) t.marks.push(print(q.blank[1], x + w + (q.blank[1] === "." ? 2 : 8), y));
        t.slots.push({ x: x + 14, y: y - 3 });
        y += LH * 1.8;
      });
      t.bottom = y;
    },
  },
  // The answer in a box at the right margin of the question's line; options on the line below.
  boxes: {
    kinds: [...KINDS, "choice"],
    place: (t, qs) => {
      let y = TOP;
      const boxX = RIGHT - 170;
      qs.forEach((q, i) => {
        t.marks.push(print(`${i + 1}. ${q.text}`, LEFT, y));
        t.rules.push({ kind: "box", x: boxX, y: y - 27, w: 170, h: 40 });
        t.slots.push({ x: boxX + 14, y: y + 1 });
        if (q.options) {
          t.marks.push(print(optionsText(q), LEFT + 30, y + LH + 6));
          y += LH;
        }
        y += LH * 2;
      });
      t.bottom = y;
    },
  },
  // Questions in two columns, each with its "Answer:" line; long questions wrap inside their column.
  "two-columns": {
    kinds: [...KINDS, "choice"],
    place: (t, qs) => {
      const half = Math.ceil(qs.length / 2);
      const colW = 390;
      let bottom = TOP;
      for (const [c, x] of [LEFT, LEFT + colW + 50].entries()) {
        let y = TOP;
        qs.slice(c * half, (c + 1) * half).forEach((q, j) => {
          const lines = wrap(`${c * half + j + 1}. ${q.text}`, colW);
          lines.forEach((l, k) => t.marks.push(print(l, k ? x + 24 : x, y + k * LH)));
          y += lines.length * LH;
          if (q.options) {
            for (const l of wrap(optionsText(q), colW - 24)) {
              t.marks.push(print(l, x + 24, y));
              y += LH;
            }
          }
          t.slots.push(answerLine(t, x + 24, y, 200));
          y += LH * 1.8;
        });
        bottom = Math.max(bottom, y);
      }
      t.bottom = bottom;
    },
  },
  // A ruled table: "No. | Question | Answer", the answer in the answer column of its row.
  table: { kinds: KINDS, place: table },
  // A box of printed words at the top; sentences with blanks filled from it.
  "word-bank": { kinds: KINDS.filter((k) => k !== "choice"), place: wordBank, distinctKeys: true },
  // Numbered questions on the left, lettered answers on the right; a letter on the line before each number.
  matching: { kinds: KINDS.filter((k) => k !== "choice"), place: matching, distinctKeys: true },
  // Each question in its own ruled card, two cards a row; "Answer:" and its line at the card's foot.
  "task-cards": { kinds: [...KINDS, "choice"], place: taskCards },
  // The questions down the page, then a grid of numbered boxes where every answer is written.
  "answer-grid": { kinds: [...KINDS, "choice"], place: answerGrid },
  // A blank at the left margin before each question's number; the answer written on it, before its question.
  "answer-first": { kinds: [...KINDS, "choice", "choice"], place: answerFirst },
  // A box for the working under each question (most children write a sum's working there), "Answer:" at its foot.
  "work-space": { kinds: KINDS.filter((k) => k !== "choice"), place: workSpace },
  // Sums and products stacked four a row, the answer written under each one's rule.
  stacked: { kinds: ["add", "multiply"], place: stacked },
  // "Q1  What is 7 × 8?", options on the question's line, a printed row of dots under it for the answer.
  dotted: { kinds: [...KINDS, "choice"], place: dotted },
  // Options on the line under each multiple-choice question, the answer circled there; "Answer:" lines for the rest.
  circled: { kinds: [...KINDS, "choice", "choice", "choice"], place: circled },
  // Each multiple-choice question's options one a line under it, a printed box before each, the answer's box ticked
  // or crossed; the other answers on a plain ruled line under their question.
  ticked: { kinds: [...KINDS, "choice", "choice", "choice"], place: ticked },
  // Each question's line ends in printed brackets at the right margin, the answer written between them.
  brackets: { kinds: [...KINDS, "choice", "choice"], place: brackets },
  // Each multiple-choice question's options on the line under it, a row of lettered bubbles under them, the answer's
  // filled in; every other answer in a box at the right margin of its question's line.
  bubbles: { kinds: [...KINDS, "choice", "choice", "choice"], place: bubbles },
  // Two parts under their headings, each part's questions lettered from "a)" again; the answer on a line at the right.
  parts: { kinds: [...KINDS, "choice"], place: parts },
  // A test paper: each question under a rule, its number alone at the margin, the answer on a line before "[2]".
  exam: { kinds: [...KINDS, "choice", "choice"], place: exam },
  // Each question's number printed in a circle at the margin; "Ans." and a line at its line's right end.
  ringed: { kinds: [...KINDS, "choice", "choice"], place: ringed },
  // A passage of sentences run on as a paragraph, each with a numbered blank ("is (2) ______."), several to a line.
  cloze: { kinds: KINDS.filter((k) => k !== "choice"), place: cloze },
  // Sums and products three to a row, numbered across the rows ("1)  412 + 57 = ____"), the answer after the "=".
  drill: { kinds: ["add", "multiply"], place: drill },
  // Each question under its own heading ("Question 3"), the answer in a box under it with "Answer" printed small inside.
  headed: { kinds: [...KINDS, "choice"], place: headed },
  // Each question numbered "(i)", "(ii)", … at the margin, the answer on a plain ruled line under it.
  roman: { kinds: [...KINDS, "choice", "choice"], place: roman },
  // A ruled "Answers" column down the right of the page; each answer on a line in it, level with its question.
  column: { kinds: [...KINDS, "choice", "choice"], place: column },
};

const FIRST = ["Amara", "Ben", "Chloe", "Diego", "Elena", "Farid", "Grace", "Hugo", "Isla", "Jonah", "Keira", "Luca", "Mina", "Nico"];
const LAST = ["Adeyemi", "Baker", "Castillo", "Dubois", "Evans", "Fischer", "Gomez", "Hansen", "Ito", "Jensen", "Kowalski", "Lund"];
const TITLES = ["Grade 6 Review", "Skills Check", "Practice Sheet", "Weekly Quiz", "Unit Review"];

export function seedOf(family: Family): number {
  const dev = (DEV_FAMILIES as readonly string[]).indexOf(family);
  if (dev >= 0) return SEEDS.dev + dev;
  return SEEDS.heldout + (HELDOUT_FAMILIES as readonly string[]).indexOf(family);
}

/** The blank worksheet of a family: as many questions (8–12) as fit on the page. */
function worksheet(family: Family, rng: Rng): { title: string; questions: Question[]; template: Template } {
  const { kinds, place, distinctKeys } = LAYOUTS[family];
  const title = pick(rng, TITLES);
  const all: Question[] = [];
  for (let n = int(rng, 8, 12), tries = 0; all.length < n; tries++) {
    const q = makeQuestion(rng, pick(rng, kinds));
    if (tries > 200 || !all.some((o) => o.text === q.text || (distinctKeys && keyStem(o) === keyStem(q)))) all.push(q);
  }
  const layoutSeed = Math.floor(rng() * 2 ** 32);
  for (let n = all.length; ; n--) {
    const template = header(title);
    const questions = place(template, all.slice(0, n), rngFrom(layoutSeed)) ?? all.slice(0, n);
    if (template.bottom <= BOTTOM || n <= 8) return { title, questions, template };
  }
}

/** A student's copy: the printed sheet and the student's name and answers, placed a little off their slots. */
function fill(template: Template, questions: Question[], student: string, rng: Rng): FilledPage {
  const size = 19 + rng() * 3;
  const [baseX, baseY] = [rng() * 14, -2 - rng() * 3];
  const written = (text: string, slot: Slot): Mark => ({
    face: "answer",
    text,
    x: slot.x + baseX + rng() * 10,
    y: slot.y + baseY + (rng() - 0.5) * 4,
    size,
    angle: (rng() - 0.5) * 1.6,
  });
  const answers = questions.map((q) => chooseAnswer(rng, q));
  const marks = [...template.marks, written(student, template.name)];
  const rules = [...template.rules];
  answers.forEach((a, i) => {
    // An option circled or ticked, not written: the one the answer names, by its letter or its words.
    const [options, boxes, discs] = [template.circles?.[i], template.ticks?.[i], template.bubbles?.[i]];
    const chosen =
      (options || boxes || discs) && questions[i]!.options!.findIndex((o) => o.startsWith(`${a.text})`) || o.endsWith(` ${a.text}`));
    if (options && a.text && chosen! >= 0) {
      const o = options[chosen!]!;
      const [padX, padY] = [8 + rng() * 6, 6 + rng() * 4];
      rules.push({ kind: "ellipse", x: o.x - padX, y: o.y - 22 - padY, w: o.w + 2 * padX, h: 28 + 2 * padY });
    } else if (boxes && a.text && chosen! >= 0) {
      // A tick that reaches out of its box, or a cross over it: children do both.
      const b = boxes[chosen!]!;
      const tick = rng() < 0.6;
      const [dx, dy] = [(rng() - 0.5) * 4, (rng() - 0.5) * 4];
      rules.push(
        tick
          ? { kind: "tick", x: b.x + 1 + dx, y: b.y - 6 - rng() * 4 + dy, w: b.w + 4 + rng() * 6, h: b.w + 4 }
          : { kind: "cross", x: b.x - 2 + dx, y: b.y - 2 + dy, w: b.w + 4, h: b.w + 4 },
      );
    } else if (discs && a.text && chosen! >= 0) {
      // A bubble filled in, a little over its edge or short of it.
      const b = discs[chosen!]!;
      const [grow, dx, dy] = [(rng() - 0.4) * 4, (rng() - 0.5) * 3, (rng() - 0.5) * 3];
      rules.push({ kind: "disc", x: b.x - grow + dx, y: b.y - grow + dy, w: b.w + 2 * grow, h: b.w + 2 * grow });
    } else if (a.text) marks.push(written(a.text, template.slots[i]!));
    // The working, where the sheet has room for it: most children show it.
    const work = template.scratch?.[i] && working(questions[i]!);
    if (work && rng() < 0.75) marks.push(written(work, template.scratch![i]!));
  });
  return {
    student,
    marks,
    rules,
    answers,
    expected: Object.fromEntries(answers.map((a, i) => [i + 1, a.credit * 2])),
  };
}

/** The class set of a family: deterministic for the family and the number of students. */
export function generateClassSet(family: Family, students: number, seed = seedOf(family)): ClassSet {
  const { title, questions, template } = worksheet(family, rngFrom(seed));
  const pages = Array.from({ length: students }, (_, s) => {
    const rng = rngFrom(seed + 1000 * (s + 1));
    const name = `${FIRST[(seed + s * 5) % FIRST.length]} ${LAST[(seed * 3 + s * 7) % LAST.length]}`;
    return fill(template, questions, name, rng);
  });
  return {
    family,
    title,
    questions,
    key: questions.map((q, i) => `${i + 1}. ${q.key}`).join("\n"),
    points: questions.length * 2,
    pages,
  };
}
