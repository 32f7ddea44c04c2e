// What each question on the student's page asks: its words (which carry "simplest form", "nearest tenth",
// "in cm") and, for multiple choice, its options ("A) shark   B) dolphin"). Read from the page's lines,
// independently of how the answers were found, so the judgement can use the question's own words; and what
// those words ask for (`questionIntent`).
import { QUESTION_NUMBER, type AnswerKey } from "./answer-key";
import { answersBefore } from "./answer-before";
import { readUnit } from "../values/units";
import { rowLabels } from "./rows";
import type { TextLine } from "./layout";
import { onBlank } from "./blanks";
import { withoutStudent } from "./line-text";

export interface QuestionContext {
  number: number;
  text: string;
  /** Option letter → option text, for multiple choice. */
  options: Map<string, string>;
}

const OPTION = /(?:^|\s)\(?([A-E])[).]\s*(.+?)(?=\s+\(?[A-E][).]\s|$)/g;
const ANSWER_LABEL = /^\s*(?:answer|ans|respuesta|r[ée]ponse|antwort)\s*\d{0,3}\s*[:=]/i;

/** "A) shark   B) dolphin C) trout" → A: shark, B: dolphin, C: trout (at least two options, in order from A). */
export function parseOptions(raw: string): Map<string, string> | undefined {
  // Markers as read from photos: "A )iron", "B}salt", and an "A" whose bracket was lost when the others kept theirs.
  let line = raw.replace(/(^|\s)\(?([A-E]) ?[)\]}|]\s*/g, "$1$2) ");
  if (/^\s*A\s+\S/.test(line) && (line.match(/\s[B-E]\) /g) ?? []).length >= 2) line = line.replace(/^\s*A\s+/, "A) ");
  // A later letter whose bracket was lost, between the one before it and the one after ("A) iron B water C) salt"), or
  // last after its due predecessor ("C) salt D sand").
  for (const [before, letter, after] of ["ABC", "BCD", "CDE", "DE"]) {
    const next = `(?=\\S(?:.*?\\s${after ?? "-"}\\) |[^)]*$))`;
    line = line.replace(new RegExp(`((?:^|\\s)${before}\\) \\S.*?\\s)${letter}\\s+${next}`), `$1${letter}) `);
  }
  const found = [...line.matchAll(OPTION)].map((m) => [m[1]!, m[2]!.trim()] as const);
  if (found.length < 2 || found[0]![0] !== "A") return undefined;
  if (!/^\s*\(?A[).]/.test(line)) return undefined;
  return new Map(found);
}

export function questionContexts(lines: (string | { text: string; student?: string })[], key?: AnswerKey): Map<number, QuestionContext> {
  const contexts = new Map<number, QuestionContext>();
  let current: QuestionContext | undefined;
  // A table's rows numbered by a bare number are questions too (answers/rows.ts).
  // The question's words only: with the worksheet's template, what the student wrote on the line is taken out (an
  // answer "6 m 50 cm" beside "How many centimeters are in 6.5 m?" is not the question writing its amount).
  // Read alone, what was written on a blank inside the sentence is taken out too (blanks.ts).
  const own = (entry: (typeof lines)[number]) => {
    if (typeof entry === "string") return entry.trim();
    const blank = entry.student === undefined && "words" in entry ? onBlank(entry as TextLine) : undefined;
    if (blank) return blank.question;
    const student = entry.student?.trim();
    return withoutStudent(entry.text, student ?? "")
      .replace(/\s+/g, " ")
      .trim();
  };
  // An answer written before its question's number is not the question's (answer-before.ts).
  const owned = lines.map(own);
  const before = answersBefore(owned, key);
  const boxed = lines.every((entry) => typeof entry !== "string") ? (lines as TextLine[]) : undefined;
  const numbers = key && new Set(key.questions.map((q) => q.number));
  const texts = rowLabels(
    owned.map((text, i) => before[i]?.question ?? text),
    boxed,
    (n) => !numbers || numbers.has(n),
  );
  for (const [index, entry] of lines.entries()) {
    const line = texts[index]!;
    // With the worksheet's template, a line that is all print is the question's own: a wrapped question goes on.
    const printed = typeof entry !== "string" && entry.student === "";
    if (!line) continue;
    if (ANSWER_LABEL.test(line)) {
      current = undefined;
      continue;
    }
    const options = parseOptions(line);
    if (options && current) {
      for (const [k, v] of options) current.options.set(k, v);
      continue;
    }
    const numbered = line.match(QUESTION_NUMBER);
    if (numbered) {
      const number = Number(numbered[1]);
      if (!contexts.has(number)) {
        current = { number, text: numbered[2]!.trim(), options: new Map() };
        contexts.set(number, current);
        // Options on the question's own line: "3. Pick one: A) 2 B) 3" (the first label read apart on a photo: "A )").
        const inline = numbered[2]!.match(/(?<=^|\s)\(?A ?[).]\s.*$/);
        const opts = inline ? parseOptions(inline[0]) : undefined;
        if (opts) for (const [k, v] of opts) current.options.set(k, v);
        continue;
      }
    }
    if (printed && current && !numbered) {
      current.text = `${current.text} ${line}`;
      continue;
    }
    current = undefined;
  }
  return contexts;
}

export interface QuestionIntent {
  simplest: boolean;
  round?: number;
  as?: "decimal" | "fraction" | "percent" | "mixed" | "improper";
  /** Units the question names as the one to answer in ("in cm", "how many grams"). */
  units: Set<string>;
}

const PLACES: Record<string, number> = {
  "whole number": 0,
  whole: 0,
  one: 0,
  unit: 0,
  integer: 0,
  tenth: 1,
  hundredth: 2,
  thousandth: 3,
};

const FORMS: Record<string, QuestionIntent["as"]> = {
  "improper fraction": "improper",
  decimal: "decimal",
  fraction: "fraction",
  percent: "percent",
  "mixed number": "mixed",
};

export function questionIntent(text: string | undefined): QuestionIntent {
  const t = (text ?? "").toLowerCase();
  const intent: QuestionIntent = {
    simplest: /simplest form|lowest terms|simplify the fraction|reduce\b|fully simplif/.test(t),
    units: new Set(),
  };
  const round = t.match(/(?:nearest|to the)\s+(whole number|whole|tenth|hundredth|thousandth|integer|one|unit)s?\b/);
  if (round && /round|nearest/.test(t)) intent.round = PLACES[round[1]!];
  const as = t.match(/\b(?:as|to|into|in)\s+(?:an?\s+)?(improper fraction|decimal|fraction|percent(?:age)?|mixed number)s?\b/);
  if (as) intent.as = FORMS[as[1]!.replace(/age$/, "")];
  if (intent.simplest && !intent.as) intent.as = "fraction";
  // The unit word as the page gave it: a reader's "grarns" or "mI" still names the unit asked for.
  for (const m of (text ?? "").matchAll(/\b(?:in|into|to)\s+([a-z]+)\b|\bhow many\s+([a-z]+)\b/gi)) {
    const unit = readUnit(m[1] ?? m[2]!)?.unit;
    if (unit) intent.units.add(unit);
  }
  return intent;
}

/**
 * The question's own words: on a page read alone, an answer written after the question on its line, the question's
 * words ending in ".", "?" or ":" before it, is taken out ("Write 3 1/2 as an improper fraction. 3.5" does not write
 * back 3.5; with the template, the student's words are taken out already). A line that is all answer (a sentence
 * completed) stays whole.
 */
export function withoutAnswerAfter(
  context: QuestionContext | undefined,
  line: TextLine | undefined,
  answer: string,
): QuestionContext | undefined {
  const written = answer.trim();
  if (!context || !line || line.student !== undefined || !written || !line.text.trimEnd().endsWith(context.text)) return context;
  const before = context.text.endsWith(written) ? context.text.slice(0, -written.length) : "";
  return /[.?:]\s+$/.test(before) ? { ...context, text: before.trimEnd() } : context;
}
