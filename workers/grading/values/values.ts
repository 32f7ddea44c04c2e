// What an answer means: numbers (fractions, mixed numbers, percents, units, `x = 5`), choice letters,
// lists and short text; and how close a student's answer is to an accepted one.
import { levenshtein, slipAllowance } from "./spelling";
import { readUnit } from "./units";

export { levenshtein } from "./spelling";

export type AnswerValue =
  | { kind: "choice"; letter: string; text?: string; raw: string }
  | {
      kind: "number";
      value: number;
      unit?: string;
      /** The unit as written when it was taken from a near spelling ("mililiters" for ml). */
      unitSpelled?: string;
      percent: boolean;
      decimals: number;
      variable?: string;
      raw: string;
    }
  | { kind: "list"; items: AnswerValue[]; raw: string }
  | { kind: "text"; text: string; raw: string };

export type NumberValue = Extract<AnswerValue, { kind: "number" }>;

export interface Match {
  /** 0..1 share of the question's points. */
  credit: number;
  /** 0..1 how sure the comparison is (not the reading). */
  confidence: number;
  reason: string;
}

/** Lower case, accents kept as letters without marks, punctuation dropped, spaces collapsed. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’'`]/g, "")
    .replace(/[^\p{L}\p{N}%./\-\s]/gu, " ")
    .replace(/(?<!\d)[./-]|[./-](?!\d)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const STOP_WORDS = new Set([
  "the",
  "a",
  "an",
  "of",
  "to",
  "is",
  "it",
  "its",
  "and",
  "in",
  "on",
  "for",
  "by",
  "el",
  "la",
  "los",
  "las",
  "le",
  "les",
  "de",
  "un",
  "una",
  "une",
]);

function contentWords(text: string): string[] {
  return normalizeText(text)
    .split(" ")
    .filter((w) => w && !STOP_WORDS.has(w));
}

const NUMBER = String.raw`[-−+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?`;

/** Parses a numeric answer: `96`, `-3.5`, `1,200`, `3/4`, `1 1/2`, `25%`, `12 cm`, `$4.50`, `x = 5`. */
export function parseNumber(raw: string): Extract<AnswerValue, { kind: "number" }> | undefined {
  let s = raw.trim().replace(/−/g, "-").replace(/\s+/g, " ");
  s = s.replace(/[.;!]+$/, "").trim();
  let variable: string | undefined;
  const eq = s.match(/^([a-zA-Z])\s*=\s*(.+)$/);
  if (eq) {
    variable = eq[1].toLowerCase();
    s = eq[2].trim();
  }
  let unit: string | undefined;
  let currency: string | undefined;
  const cur = s.match(/^([$€£])\s*(.+)$/);
  if (cur) {
    currency = cur[1];
    s = cur[2];
  }
  let percent = false;
  if (/%$/.test(s) || /\s*per\s?cent$/i.test(s)) {
    percent = true;
    s = s.replace(/\s*(%|per\s?cent)$/i, "").trim();
  }
  // mixed number: 1 1/2 or 1-1/2
  const mixed = s.match(/^([-+]?\d+)[ -](\d+)\/(\d+)(.*)$/);
  const frac = s.match(/^([-+]?\d+)\s*\/\s*(\d+)(.*)$/);
  let value: number;
  let decimals = 0;
  let rest: string;
  if (mixed) {
    const whole = Number(mixed[1]);
    const f = Number(mixed[2]) / Number(mixed[3]);
    if (!Number(mixed[3])) return undefined;
    value = whole < 0 ? whole - f : whole + f;
    decimals = 6;
    rest = mixed[4];
  } else if (frac) {
    if (!Number(frac[2])) return undefined;
    value = Number(frac[1]) / Number(frac[2]);
    decimals = 6;
    rest = frac[3];
  } else {
    const m = s.match(new RegExp(`^(${NUMBER})(.*)$`));
    if (!m || !/\d/.test(m[1])) return undefined;
    value = Number(m[1].replace(/,/g, ""));
    if (!Number.isFinite(value)) return undefined;
    decimals = m[1].includes(".") ? m[1].split(".")[1].length : 0;
    rest = m[2];
  }
  rest = rest.trim().replace(/[.]$/, "").trim();
  if (!percent && /^(%|percent)$/i.test(rest)) {
    percent = true;
    rest = "";
  }
  let unitSpelled: string | undefined;
  if (rest) {
    const read = readUnit(rest);
    if (!read) return undefined;
    unit = read.unit;
    unitSpelled = read.spelled;
  }
  if (currency) unit = readUnit(currency)?.unit ?? currency;
  return { kind: "number", value, unit, ...(unitSpelled ? { unitSpelled } : {}), percent, decimals, variable, raw };
}

/** Classifies a key's accepted answer (or a student's answer) into a value. */
export function parseAnswerValue(raw: string): AnswerValue {
  const trimmed = raw.trim();
  const choice = trimmed.match(/^\(?([A-Ea-e])\)?(?:[.):]\s*(.*)|\s*)$/);
  if (choice && (choice[2] !== undefined || /^[A-E]$|^\(?[A-Ea-e]\)$/.test(trimmed))) {
    return { kind: "choice", letter: choice[1].toUpperCase(), text: choice[2]?.trim() || undefined, raw };
  }
  const number = parseNumber(trimmed);
  if (number) return number;
  // "2, 4, 6" or "2; 4; 6" or "red, blue and green": a list when every part parses as a value.
  const parts = trimmed.split(/\s*,\s+|\s*;\s*|\s+and\s+/i).filter(Boolean);
  if (parts.length > 1 && parts.every((p) => parseNumber(p))) {
    return { kind: "list", items: parts.map((p) => parseNumber(p)!), raw };
  }
  return { kind: "text", text: trimmed, raw };
}

/** Letters and marks a reader gives for a digit, especially a handwritten one ("l2" for 12, "3S" for 35). */
export const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = {
  l: "1",
  I: "1",
  "|": "1",
  i: "1",
  O: "0",
  o: "0",
  S: "5",
  s: "5",
  Z: "2",
  z: "2",
  B: "8",
};

/** Equal, or the student's more precise value rounds to the key's (key 0.33: 1/3 or 0.3333, not 0.325). */
function numbersEqual(key: Extract<AnswerValue, { kind: "number" }>, value: number, studentDecimals = 0): boolean {
  if (Math.abs(key.value - value) <= Math.max(1e-9, Math.abs(key.value) * 1e-9)) return true;
  const rounded = key.decimals > 0 && key.decimals < 6 && studentDecimals >= key.decimals + 2;
  return rounded && Math.abs(key.value - value) < 0.5 * 10 ** -key.decimals;
}

function formatNumber(v: Extract<AnswerValue, { kind: "number" }>): string {
  return v.raw.trim();
}

function compareNumbers(key: Extract<AnswerValue, { kind: "number" }>, student: Extract<AnswerValue, { kind: "number" }>): Match {
  const candidates = [student.value];
  // 25% = 0.25 = 25 when the key is a percent; 0.25 = 25% when the student wrote a percent.
  if (key.percent && !student.percent) candidates.push(student.value * 100);
  if (!key.percent && student.percent) candidates.push(student.value / 100);
  const equal = candidates.some((c) => numbersEqual(key, c, student.decimals));
  if (!equal) {
    return { credit: 0, confidence: 0.95, reason: `${formatNumber(student)} is not ${formatNumber(key)}.` };
  }
  if (key.unit && student.unit && key.unit !== student.unit) {
    return { credit: 0.5, confidence: 0.8, reason: `Right number but the unit is ${student.unit}, not ${key.unit}.` };
  }
  if (key.unit && !student.unit && key.unit !== "$") {
    return { credit: 0.5, confidence: 0.85, reason: `Right number, but the unit (${key.unit}) is missing.` };
  }
  return { credit: 1, confidence: 0.98, reason: `Correct: ${formatNumber(student)}.` };
}

function compareText(keyText: string, studentText: string): Match {
  const k = normalizeText(keyText);
  const s = normalizeText(studentText);
  if (!s) return { credit: 0, confidence: 0.9, reason: "No answer given." };
  if (k === s) return { credit: 1, confidence: 0.97, reason: "Correct." };
  const distance = levenshtein(k, s);
  if (distance <= slipAllowance(k.length)) {
    return { credit: 1, confidence: 0.85, reason: `Correct (a small spelling slip: "${studentText.trim()}").` };
  }
  const keyWords = contentWords(keyText);
  const studentWords = contentWords(studentText);
  const found = keyWords.filter((kw) => studentWords.some((sw) => sw === kw || levenshtein(sw, kw) <= slipAllowance(kw.length)));
  const share = keyWords.length ? found.length / keyWords.length : 0;
  if (share === 1) {
    // The key's words are all there, with a few more around them ("it is photosynthesis").
    const extra = studentWords.length - keyWords.length;
    return extra <= 6
      ? { credit: 1, confidence: 0.8, reason: "Correct: contains the expected answer." }
      : { credit: 1, confidence: 0.6, reason: "Contains the expected answer within a longer response." };
  }
  const missing = keyWords.filter((w) => !found.includes(w));
  const others = studentWords.filter((sw) => !keyWords.some((kw) => sw === kw || levenshtein(sw, kw) <= slipAllowance(kw.length)));
  if (share >= 0.5 && keyWords.length >= 2 && keyWords.length <= 3 && others.length >= missing.length) {
    // "Indian Ocean" for "Pacific Ocean": a word of the key swapped for another names something else.
    return { credit: 0, confidence: 0.6, reason: `Has ${found.join(", ")}, but ${others.join(", ")} instead of ${missing.join(", ")}.` };
  }
  if (share >= 0.5 && keyWords.length >= 2) {
    return {
      credit: 0.5,
      confidence: 0.6,
      reason: `Partly correct: has ${found.join(", ")} but not ${keyWords.filter((w) => !found.includes(w)).join(", ")}.`,
    };
  }
  return { credit: 0, confidence: keyWords.length <= 3 ? 0.85 : 0.7, reason: `Expected "${keyText.trim()}".` };
}

/** Compares a student's answer with one accepted answer. */
export function compareAnswer(key: AnswerValue, studentRaw: string): Match {
  const raw = studentRaw.trim();
  if (!raw || /^[_\-\s?.]*$/.test(raw)) return { credit: 0, confidence: 0.9, reason: "No answer given." };
  let student = parseAnswerValue(raw);

  if (key.kind === "choice") {
    const lone = raw.match(/^\(?([a-e])\)?[.)]?$/i);
    if (lone) student = { kind: "choice", letter: lone[1].toUpperCase(), raw };
    if (student.kind === "choice") {
      return student.letter === key.letter
        ? { credit: 1, confidence: 0.97, reason: `Correct: ${key.letter}.` }
        : { credit: 0, confidence: 0.95, reason: `Chose ${student.letter}; the answer is ${key.letter}.` };
    }
    // The student wrote the option's text instead of its letter.
    if (key.text) {
      const m = compareText(key.text, raw);
      if (m.credit === 1)
        return { credit: 1, confidence: Math.min(m.confidence, 0.85), reason: `Correct: wrote the text of option ${key.letter}.` };
    }
    const letter = raw.match(/\b([A-E])\b/);
    if (letter && raw.length <= 12) {
      return letter[1] === key.letter
        ? { credit: 1, confidence: 0.75, reason: `Correct: ${key.letter}.` }
        : { credit: 0, confidence: 0.75, reason: `Chose ${letter[1]}; the answer is ${key.letter}.` };
    }
    return { credit: 0, confidence: 0.6, reason: `No option letter found; the answer is ${key.letter}.` };
  }

  if (key.kind === "number") {
    const number = student.kind === "number" ? student : findNumberIn(raw);
    if (!number) return { credit: 0, confidence: 0.7, reason: `Expected ${key.raw.trim()}; no number found in the answer.` };
    if (key.variable && number.variable && key.variable !== number.variable) {
      return { credit: 0, confidence: 0.8, reason: `Solved for ${number.variable}, not ${key.variable}.` };
    }
    const m = compareNumbers(key, number);
    // A number fished out of a sentence is less certain than a bare one.
    return student.kind === "number" ? m : { ...m, confidence: Math.min(m.confidence, 0.8) };
  }

  if (key.kind === "list") {
    const parts = raw.split(/\s*,\s*|\s*;\s*|\s+and\s+/i).filter(Boolean);
    const values = parts.map((p) => parseNumber(p)).filter((v): v is NonNullable<typeof v> => !!v);
    const remaining = [...values];
    let hits = 0;
    for (const item of key.items) {
      if (item.kind !== "number") continue;
      const i = remaining.findIndex((v) => numbersEqual(item, v.value, v.decimals));
      if (i >= 0) {
        hits++;
        remaining.splice(i, 1);
      }
    }
    const credit = hits / key.items.length - remaining.length * (0.5 / key.items.length);
    const clamped = Math.max(0, Math.min(1, credit));
    return {
      credit: clamped,
      confidence: 0.9,
      reason:
        clamped === 1
          ? "Correct: all values."
          : `${hits} of ${key.items.length} values right${remaining.length ? `, ${remaining.length} extra` : ""}.`,
    };
  }

  return compareText(key.text, raw);
}

/** The number in a short sentence ("the answer is 42 cm"), if there is exactly one. */
function findNumberIn(text: string): Extract<AnswerValue, { kind: "number" }> | undefined {
  const found = numberTexts(text);
  const parsed = found.map((f) => parseNumber(f) ?? parseNumber(f.replace(/\s*[a-zA-Z]+$/, ""))).filter(Boolean);
  return parsed.length === 1 ? parsed[0] : undefined;
}

/** The words of each number in a short sentence, with its unit ("42 cm", "x = 6", "14/16"). */
export function numberTexts(text: string): string[] {
  const pattern = /(?:[a-z]\s*=\s*)?[$€£]?[-−]?\d[\d,]*(?:\.\d+)?(?:\s+\d+\/\d+|\/\d+)?\s*(?:%|[a-zA-Z²³°]+)?/g;
  return [...text.matchAll(pattern)].map((m) => m[0].trim());
}
