// Teachers' answer keys as they type them: `1. 96`, `2) B`, `Q3: x = 5 (2 points)`, `4. 25% | 0.25`.
import { parseAnswerValue, type AnswerValue } from "../values/values";

export interface KeyQuestion {
  number: number;
  /** Every accepted answer, as written and as understood. */
  accepted: { raw: string; value: AnswerValue }[];
  points: number;
  /** True when the key gave this question's points; otherwise they were spread evenly. */
  pointsGiven: boolean;
  raw: string;
}

export interface AnswerKey {
  questions: KeyQuestion[];
  totalPoints: number;
  /** Lines of the key that were not understood, for the teacher to check. */
  ignoredLines: string[];
}

export class AnswerKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AnswerKeyError";
  }
}

/** `1.`, `1)`, `1:`, `Q1:`, `Question 1 -`, `#1`; after "Q" or "Question" no stop is needed ("Q3 What do bees make?"). */
export const QUESTION_NUMBER =
  /^\s*(?:(?:q(?:uestion)?|#|no\.?|pregunta|frage)\s*)?(\d{1,3})(?:\s*[.):\-–]|(?<=^\s*q(?:uestion)?\s*\d{1,3})(?=\s))\s*(.*)$/i;
const KEY_LABEL = /^\s*(?:q(?:uestion)?|#)\s*(\d{1,3})\s+(.*)$/i;
const POINTS =
  /\s*[([]\s*(\d+(?:\.\d+)?)\s*(?:points?|pts?|marks?|puntos?|p)?\s*[)\]]\s*$|\s+[-–—]\s*(\d+(?:\.\d+)?)\s*(?:points?|pts?|marks?)\s*$/i;
const ANSWER_LABEL = /^\s*(?:answer|ans|accept|respuesta|réponse|antwort)\s*[:=]\s*/i;

function splitAccepted(text: string): string[] {
  // `|`, `;`, ` or ` and `/` between words separate accepted answers; `/` between digits is a fraction.
  return text
    .split(/\s*\|\s*|\s*;\s*|\s+or\s+|\s+o\s+|(?<=[^\d\s])\s*\/\s*(?=[^\d\s])/i)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function parseAnswerKey(text: string, opts: { totalPoints: number }): AnswerKey {
  const byNumber = new Map<number, KeyQuestion>();
  const ignoredLines: string[] = [];
  for (const rawLine of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = rawLine.trim();
    if (!line) continue;
    const m = line.match(QUESTION_NUMBER) ?? line.match(KEY_LABEL);
    if (!m) {
      // "Accept: ..." under a question adds accepted answers to it.
      const last = [...byNumber.values()].at(-1);
      if (last && ANSWER_LABEL.test(line)) {
        for (const a of splitAccepted(line.replace(ANSWER_LABEL, ""))) last.accepted.push({ raw: a, value: parseAnswerValue(a) });
      } else if (!/^(answer key|key|answers|name|class|date)\b/i.test(line)) {
        ignoredLines.push(line);
      }
      continue;
    }
    const number = Number(m[1]);
    let body = m[2].replace(ANSWER_LABEL, "").trim();
    let points: number | undefined;
    const p = body.match(POINTS);
    if (p) {
      points = Number(p[1] ?? p[2]);
      body = body.slice(0, p.index).trim();
    }
    // "1. What is 12 x 8? Answer: 96": keep only what follows the question mark / label.
    const afterLabel = body.split(/\banswer\s*[:=]\s*/i);
    if (afterLabel.length > 1) body = afterLabel.at(-1)!.trim();
    if (!body) {
      ignoredLines.push(line);
      continue;
    }
    const accepted = splitAccepted(body).map((raw) => ({ raw, value: parseAnswerValue(raw) }));
    byNumber.set(number, { number, accepted, points: points ?? 0, pointsGiven: points !== undefined, raw: line });
  }
  const questions = [...byNumber.values()].sort((a, b) => a.number - b.number);
  if (!questions.length) {
    throw new AnswerKeyError("No numbered answers were found in the answer key. Write one answer per line, like '1. 42' or 'Q2: B'.");
  }
  // Questions without points share what the given points leave of the assignment's total.
  const given = questions.filter((q) => q.pointsGiven).reduce((s, q) => s + q.points, 0);
  const open = questions.filter((q) => !q.pointsGiven);
  const total = opts.totalPoints > 0 ? opts.totalPoints : questions.length;
  if (open.length) {
    // Shared in hundredths so the shares add up to the total exactly (10 over 3 questions: 3.34 + 3.33 + 3.33).
    const cents = Math.round(Math.max(0, total - given) * 100) || open.length * 100;
    const base = Math.floor(cents / open.length);
    open.forEach((q, i) => (q.points = (base + (i < cents - base * open.length ? 1 : 0)) / 100));
  }
  const totalPoints = roundPoints(questions.reduce((s, q) => s + q.points, 0));
  return { questions, totalPoints, ignoredLines };
}

export function roundPoints(n: number): number {
  return Math.round(n * 100) / 100;
}

export function describeKeyAnswer(q: KeyQuestion): string {
  return q.accepted.map((a) => a.raw).join(" or ");
}

/**
 * The values of the numbers the key's answers are written with ("2 3/4" gives 2.75 and 0.75, "12.5%" gives 12.5 and
 * 0.125; "12 cm2" gives 12): a student's number read with a bar or point put in is worth reading again only near one of them
 * (reading/ocr/read-alone.ts, decision 0124).
 */
export function keyNumberValues(key: AnswerKey): number[] {
  const values = new Set<number>();
  // Not a unit's power ("cm2"): a number starts after no letter.
  const NUMBER = /(?<![\p{L}\d.])(?:(\d+)\s+(\d+)\s*\/\s*(\d+)|(\d+)\s*\/\s*(\d+)|(\d*\.?\d+)(\s*%)?)/gu;
  for (const { raw } of key.questions.flatMap((q) => q.accepted)) {
    for (const [, whole, top, bottom, over, under, decimal, percent] of raw.matchAll(NUMBER)) {
      if (whole) values.add(Number(whole) + Number(top) / Number(bottom)).add(Number(top) / Number(bottom));
      else if (over) values.add(Number(over) / Number(under));
      else if (decimal) values.add(Number(decimal));
      if (decimal && percent) values.add(Number(decimal) / 100);
    }
  }
  return [...values].filter(Number.isFinite);
}
