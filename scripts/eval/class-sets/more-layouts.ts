// Layout families of the class-set evaluation (layouts.ts) that put printed words where answers might be
// looked for: a ruled TABLE (the question in its row, the answer in the answer column, under an "Answer" header),
// a WORD BANK (a box of printed words at the top, sentences with blanks filled from it) and MATCHING columns
// (numbered items on the left, lettered items on the right, a letter written on the line before each number);
// TASK CARDS (each question in its own ruled card, two cards a row, the answer line at the card's foot); and an
// ANSWER GRID (the questions down the page, every answer in a numbered box of a grid below them); ANSWER FIRST (a
// blank at the left margin before each question's number, the answer written on it); STACKED sums (four a row, the
// numbers one above the other, the answer under the rule); WORK SPACE (a box for the working under each question,
// the answer on a line at its foot); DOTTED lines (questions labelled "Q1", "Q2", …, a printed row of dots under each
// where the answer is written); CIRCLED options (a multiple-choice question's answer circled on its options' line,
// the other answers on "Answer:" lines); BRACKETS (each answer between printed brackets at the right margin); PARTS
// (two parts under headings, each part's questions lettered from "a)" again, the answer on a line at the right).
// A layout may rewrite its questions (their key and the answers children give): it returns them.
import type { Answer, Question, Rng } from "./questions";
import { int, pick } from "./questions";
import { answerLine, LEFT, LH, print, RIGHT, SIZE, TOP, width, wrap, type Template } from "./sheet";

export type Layout = (t: Template, qs: Question[], rng: Rng) => Question[] | void;

const LETTERS = "ABCDEFGHIJKLMNOP";

/** A deterministic shuffle. */
function shuffle<T>(rng: Rng, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** "No. | Question | Answer": every cell ruled, options (if any) on the question cell's second line. */
export const table: Layout = (t, qs) => {
  const numW = 56;
  const answerW = 230;
  const qX = LEFT + numW;
  const aX = RIGHT - answerW;
  const qW = aX - qX;
  const pad = 10;
  const row = (top: number, h: number) => {
    t.rules.push({ kind: "box", x: LEFT, y: top, w: numW, h });
    t.rules.push({ kind: "box", x: qX, y: top, w: qW, h });
    t.rules.push({ kind: "box", x: aX, y: top, w: answerW, h });
  };
  let top = TOP - 22;
  const headH = LH + 8;
  row(top, headH);
  const base = top + headH - 12;
  t.marks.push(print("No.", LEFT + pad, base), print("Question", qX + pad, base), print("Answer", aX + pad, base));
  top += headH;
  qs.forEach((q, i) => {
    const lines = wrap(q.text, qW - 2 * pad);
    if (q.options) lines.push(...wrap(q.options.join("   "), qW - 2 * pad));
    const h = lines.length * LH + 14;
    row(top, h);
    const first = top + LH - 2;
    t.marks.push(print(`${i + 1}`, LEFT + pad + 6, first));
    lines.forEach((l, k) => t.marks.push(print(l, qX + pad, first + k * LH)));
    t.slots.push({ x: aX + 16, y: first });
    top += h;
  });
  t.bottom = top + 10;
};

/** The answer's first word or number ("350" of "350 cm"): two questions whose keys share it are too alike for a bank. */
export const keyStem = (q: Question) => q.key.split(" ")[0]!.toLowerCase();

/**
 * A "Word Bank" box under the name: every question's key and two more words, in shuffled order; each question a
 * sentence with a blank. A wrong answer is often another word of the bank (no credit), as children mix them up.
 */
export const wordBank: Layout = (t, qs, rng) => {
  const stems = new Set(qs.map(keyStem));
  const extras = shuffle(
    rng,
    qs.flatMap((q) => q.answers.filter((a) => a.credit === 0).map((a) => a.text)),
  ).filter((w, i, all) => all.indexOf(w) === i && !stems.has(w.split(" ")[0]!.toLowerCase()));
  const bank = shuffle(rng, [...qs.map((q) => q.key), ...extras.slice(0, 2)]);
  t.marks.push(print("Use the words in the word bank to fill in the blanks.", LEFT, TOP - 6));
  // The bank: its title, then its words in rows, spaced evenly, inside a box.
  const boxTop = TOP + 10;
  const inner = RIGHT - LEFT - 40;
  const rows: string[][] = [[]];
  const gap = 46;
  let used = 0;
  for (const w of bank) {
    const ww = width(w);
    if (used && used + gap + ww > inner) {
      rows.push([]);
      used = 0;
    }
    rows.at(-1)!.push(w);
    used += (used ? gap : 0) + ww;
  }
  t.marks.push(print("Word Bank", LEFT + 20, boxTop + LH, SIZE + 1));
  rows.forEach((r, k) => {
    let x = LEFT + 20;
    for (const w of r) {
      t.marks.push(print(w, x, boxTop + LH * (2.3 + k)));
      x += width(w) + gap;
    }
  });
  const boxH = LH * (2.3 + rows.length) - 8;
  t.rules.push({ kind: "box", x: LEFT, y: boxTop, w: RIGHT - LEFT, h: boxH });
  let y = boxTop + boxH + LH * 1.6;
  const blankW = int(rng, 150, 190);
  qs.forEach((q, i) => {
    const before = `${i + 1}. ${q.blank[0]} `;
    const x = LEFT + width(before);
    t.marks.push(print(before.trimEnd(), LEFT, y));
    t.rules.push({ kind: "line", x, y: y + 5, w: blankW });
    if (q.blank[1]) t.marks.push(print(q.blank[1], x + blankW + (q.blank[1] === "." ? 2 : 8), y));
    t.slots.push({ x: x + 14, y: y - 3 });
    y += LH * 1.8;
  });
  t.bottom = y;
  return qs.map((q) => {
    const others = bank.filter((w) => w !== q.key && !q.answers.some((a) => a.text === w));
    const mixed: Answer = { text: pick(rng, others), credit: 0 };
    return { ...q, answers: [...q.answers.filter((a) => a.credit > 0), mixed, ...q.answers.filter((a) => a.credit === 0).slice(0, 1)] };
  });
};

/**
 * Numbered questions on the left, each after a short line for the letter; lettered answers on the right (every
 * key and one more, shuffled). The key is each question's letter; a child writes the right letter or another one.
 */
export const matching: Layout = (t, qs, rng) => {
  const stems = new Set(qs.map(keyStem));
  const extra = pick(
    rng,
    qs.flatMap((q) => q.answers.filter((a) => a.credit === 0 && !stems.has(a.text.split(" ")[0]!.toLowerCase())).map((a) => a.text)),
  );
  const right = shuffle(rng, [...qs.map((q) => q.key), extra]);
  t.marks.push(print("Match each question with its answer. Write the letter on the line.", LEFT, TOP - 6));
  const rightX = LEFT + 560;
  const lineW = 48;
  let y = TOP + LH * 1.4;
  const rows = Math.max(qs.length, right.length);
  for (let i = 0; i < rows; i++) {
    const q = qs[i];
    if (q) {
      t.rules.push({ kind: "line", x: LEFT, y: y + 5, w: lineW });
      t.marks.push(print(`${i + 1}. ${q.text}`, LEFT + lineW + 12, y));
      t.slots.push({ x: LEFT + 14, y: y - 3 });
    }
    if (right[i] !== undefined) t.marks.push(print(`${LETTERS[i]}. ${right[i]}`, rightX, y));
    y += LH * 1.7;
  }
  t.bottom = y;
  return qs.map((q) => {
    const letter = LETTERS[right.indexOf(q.key)]!;
    const wrong = LETTERS[(right.indexOf(q.key) + 1 + int(rng, 0, right.length - 2)) % right.length]!;
    return {
      ...q,
      key: letter,
      answers: [
        { text: letter, credit: 1 },
        { text: wrong, credit: 0 },
      ],
    };
  });
};

/**
 * Task cards: two ruled cards a row, each holding its question (wrapped inside the card, options under it) and, at
 * the card's foot, "Answer:" and its line. Cards of a row share the taller card's height.
 */
export const taskCards: Layout = (t, qs) => {
  const gap = 24;
  const cardW = (RIGHT - LEFT - gap) / 2;
  const pad = 14;
  let top = TOP - 22;
  for (let i = 0; i < qs.length; i += 2) {
    const cards = qs.slice(i, i + 2).map((q, k) => {
      const lines = wrap(`${i + k + 1}. ${q.text}`, cardW - 2 * pad);
      return { q, lines: [...lines, ...(q.options ? wrap(q.options.join("   "), cardW - 2 * pad - 20) : [])], first: lines.length };
    });
    const h = Math.max(...cards.map((c) => c.lines.length)) * LH + LH * 1.9 + pad;
    cards.forEach((c, k) => {
      const x = LEFT + k * (cardW + gap);
      t.rules.push({ kind: "box", x, y: top, w: cardW, h });
      c.lines.forEach((l, j) => t.marks.push(print(l, x + pad + (j >= c.first ? 20 : 0), top + pad + SIZE + j * LH)));
      const y = top + h - pad - 6;
      t.marks.push(print("Answer:", x + pad, y));
      const start = x + pad + width("Answer: ");
      t.rules.push({ kind: "line", x: start, y: y + 5, w: Math.min(200, x + cardW - pad - start) });
      t.slots.push({ x: start + 8, y });
    });
    top += h + gap;
  }
  t.bottom = top;
};

/**
 * A numbered question from `x` to the right margin, its lines after the first indented, its options (if any) wrapped
 * under it; answers the baseline after its last line.
 */
function questionBlock(t: Template, q: Question, n: number, x: number, y: number): number {
  const lines = wrap(`${n}. ${q.text}`, RIGHT - x);
  lines.forEach((l, j) => t.marks.push(print(l, j ? x + 24 : x, y + j * LH)));
  y += lines.length * LH;
  for (const l of q.options ? wrap(q.options.join("   "), RIGHT - x - 24) : []) {
    t.marks.push(print(l, x + 24, y));
    y += LH;
  }
  return y;
}

/**
 * An answer grid: the questions down the page (options, when there are any, wrapped under their question), then
 * "Write your answers in the grid." and ruled boxes, three a row, each with its question's number; the child writes
 * each answer in its numbered box, away from its question.
 */
export const answerGrid: Layout = (t, qs) => {
  let y = TOP;
  for (const [i, q] of qs.entries()) y = questionBlock(t, q, i + 1, LEFT, y) + LH * 0.5;
  y += LH * 0.6;
  t.marks.push(print("Write your answers in the grid.", LEFT, y));
  y += LH * 0.9;
  const perRow = 3;
  const gap = 16;
  const boxW = (RIGHT - LEFT - gap * (perRow - 1)) / perRow;
  const boxH = 52;
  qs.forEach((_, i) => {
    const x = LEFT + (i % perRow) * (boxW + gap);
    const top = y + Math.floor(i / perRow) * (boxH + gap);
    const label = `${i + 1}.`;
    t.rules.push({ kind: "box", x, y: top, w: boxW, h: boxH });
    t.marks.push(print(label, x + 10, top + 33));
    t.slots.push({ x: x + 22 + width(label), y: top + 36 });
  });
  t.bottom = y + Math.ceil(qs.length / perRow) * (boxH + gap);
};

/**
 * Answer first: a short blank at the left margin before each question's number, as on many quizzes ("_____ 1. Which
 * shape has three sides?"); the question (wrapped, options under it) is printed to the blank's right, and the child
 * writes the answer on the blank, before the question it answers.
 */
export const answerFirst: Layout = (t, qs) => {
  const blank = 140;
  const indent = LEFT + blank + 16;
  let y = TOP;
  for (const [i, q] of qs.entries()) {
    t.rules.push({ kind: "line", x: LEFT, y: y + 5, w: blank });
    t.slots.push({ x: LEFT + 10, y: y - 3 });
    y = questionBlock(t, q, i + 1, indent, y) + LH * 0.8;
  }
  t.bottom = y;
};

/**
 * Stacked sums, as on a primary arithmetic sheet: four problems a row, each with its number ("3)") above it, the
 * two numbers right-aligned one above the other, the operator before the second, a rule under them; the child
 * writes the answer under the rule. No "=", no question words: the answer's place is known only from the sheet.
 */
export const stacked: Layout = (t, qs) => {
  t.marks.push(print("Work out each problem. Write the answer under the line.", LEFT, TOP));
  const perRow = 4;
  const cellW = (RIGHT - LEFT) / perRow;
  const cellH = LH * 5;
  const top = TOP + LH * 1.6;
  for (const [i, q] of qs.entries()) {
    const [a, op, b] = q.blank[0].replace(/\s*=$/, "").split(" ") as [string, string, string];
    const x = LEFT + (i % perRow) * cellW;
    const y = top + Math.floor(i / perRow) * cellH;
    const right = x + 150;
    t.marks.push(print(`${i + 1})`, x, y));
    t.marks.push(print(a, right - width(a), y + LH));
    t.marks.push(print(op, x + 44, y + 2 * LH), print(b, right - width(b), y + 2 * LH));
    t.rules.push({ kind: "line", x: x + 40, y: y + 2 * LH + 9, w: right - x - 34 });
    t.slots.push({ x: x + 62, y: y + 3 * LH + 8 });
  }
  t.bottom = top + Math.ceil(qs.length / perRow) * cellH;
};

/**
 * Work space: each question with a ruled box under it where the child shows the working ("350 + 159" for a sum,
 * written in the box by most children), then "Answer:" and its line at the box's foot; the answer goes on the line,
 * the working stays in the box.
 */
export const workSpace: Layout = (t, qs) => {
  let y = TOP;
  t.scratch = [];
  for (const [i, q] of qs.entries()) {
    y = questionBlock(t, q, i + 1, LEFT, y);
    const top = y - LH * 0.55;
    const h = LH * 1.7;
    t.rules.push({ kind: "box", x: LEFT + 24, y: top, w: RIGHT - LEFT - 24, h });
    t.scratch.push({ x: LEFT + 60, y: top + LH * 1.15 });
    t.slots.push(answerLine(t, LEFT + 380, top + h + LH * 0.85, 220));
    y = top + h + LH * 2.1;
  }
  t.bottom = y;
};

/** What a child writes as the working of a sum or a product ("350 + 159"); none for other questions. */
export function working(q: Question): string | undefined {
  const sum = q.blank[0].match(/^(\d+ [+×] \d+) =$/);
  return sum?.[1];
}

/**
 * Dotted: "Q3  What is 7 × 8?" (the label a "Q" and the number, no point), options after the question on its line (the
 * line wraps when they do not fit), and under it a printed row of dots, the answer written on the dots.
 */
export const dotted: Layout = (t, qs) => {
  let dots = "";
  while (width(dots) < 440) dots += ".";
  let y = TOP;
  for (const [i, q] of qs.entries()) {
    const lines = wrap(`Q${i + 1}  ${q.text}${q.options ? `   ${q.options.join("   ")}` : ""}`, RIGHT - LEFT);
    lines.forEach((l, k) => t.marks.push(print(l, k ? LEFT + 36 : LEFT, y + k * LH)));
    y += lines.length * LH + 4;
    t.marks.push(print(dots, LEFT + 36, y));
    t.slots.push({ x: LEFT + 56, y: y - 5 });
    y += LH * 1.7;
  }
  t.bottom = y;
};

/** A multiple-choice question's options on one line at (x, y): where the next line goes (y itself, for no options). */
function optionsLine(t: Template, q: Question, x: number, y: number): number {
  if (!q.options) return y;
  t.marks.push(print(q.options.join("    "), x, y));
  return y + LH;
}

/** A question's text from (LEFT, y), wrapped at `max` wide, its later lines in by `indent`: the last line's baseline. */
function wrappedQuestion(t: Template, text: string, y: number, max: number, indent: number): number {
  const lines = wrap(text, max);
  lines.forEach((l, k) => t.marks.push(print(l, k ? LEFT + indent : LEFT, y + k * LH)));
  return y + (lines.length - 1) * LH;
}

/**
 * Brackets: every question's line ends in a pair of printed brackets at the right margin, "(          )", the answer
 * written between them; a multiple-choice question's options on the line under it.
 */
export const brackets: Layout = (t, qs) => {
  t.marks.push(print("Write each answer between the brackets.", LEFT, TOP));
  let y = TOP + LH * 1.8;
  for (const [i, q] of qs.entries()) {
    const last = wrappedQuestion(t, `${i + 1}. ${q.text}`, y, RIGHT - LEFT - 200, 22);
    t.marks.push(print("(", RIGHT - 150, last), print(")", RIGHT - 10, last));
    t.slots.push({ x: RIGHT - 125, y: last });
    y = last + LH;
    y = optionsLine(t, q, LEFT + 30, y);
    y += LH * 0.9;
  }
  t.bottom = y;
};

/**
 * Parts: the worksheet in two parts under their headings, "Part A" and "Part B", each part's questions lettered from
 * "a)" again; the answer on a ruled line at the right end of its question's (last) line, options on the line under it.
 */
export const parts: Layout = (t, qs) => {
  const half = Math.ceil(qs.length / 2);
  let y = TOP;
  for (const [i, q] of qs.entries()) {
    if (i === 0 || i === half) {
      y += i ? LH * 0.5 : 0;
      t.marks.push(print(i ? "Part B" : "Part A", LEFT, y, 20));
      y += LH * 1.4;
    }
    const last = wrappedQuestion(t, `${"abcdefghijklmnop"[i < half ? i : i - half]}) ${q.text}`, y, RIGHT - LEFT - 230, 26);
    t.rules.push({ kind: "line", x: RIGHT - 190, y: last + 5, w: 190 });
    t.slots.push({ x: RIGHT - 180, y: last });
    y = last + LH;
    y = optionsLine(t, q, LEFT + 26, y);
    y += LH * 0.7;
  }
  t.bottom = y;
};
