// Question-aware judgement: the question's own words decide what counts ("simplest form", "nearest tenth",
// "as a decimal", "in cm", the options of a multiple-choice question), equivalent spellings are accepted
// (".75", "twenty", "n = 6", "6 + 2x", any order of a list), and the judgement says when it is unsure
// (`doubt`) instead of guessing. Marking policy: docs/decisions/0009-question-aware-judgement-and-review-flags.md.
import { equivalentExpressions, misreadEquivalent, parseExpression } from "./algebra";
import type { KeyQuestion } from "./answer-key";
import { detectPromptInjection } from "./injection";
import { parseNumberWords } from "./number-words";
import type { QuestionContext } from "./question-context";
import { echoesQuestion, inOtherUnit } from "./amounts";
import { compareAnswer, levenshtein, normalizeText, parseNumber, type AnswerValue, type Match, type NumberValue } from "./values";

export interface Judgement extends Match {
  /** Why the judgement is unsure, for the teacher; undefined when it is sure. */
  doubt?: string;
}

type NumberForm = "whole" | "decimal" | "fraction" | "mixed" | "percent";

export interface QuestionIntent {
  simplest: boolean;
  round?: number;
  as?: "decimal" | "fraction" | "percent" | "mixed";
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

const UNIT_WORDS: Record<string, string> = {
  cm: "cm",
  centimeters: "cm",
  centimetres: "cm",
  mm: "mm",
  millimeters: "mm",
  m: "m",
  meters: "m",
  metres: "m",
  km: "km",
  kilometers: "km",
  g: "g",
  grams: "g",
  kg: "kg",
  kilograms: "kg",
  ml: "ml",
  milliliters: "ml",
  millilitres: "ml",
  l: "l",
  liters: "l",
  litres: "l",
  seconds: "s",
  minutes: "min",
  hours: "h",
  inches: "in",
  feet: "ft",
  yards: "yd",
  miles: "mi",
  pounds: "lb",
  ounces: "oz",
  cents: "¢",
  dollars: "$",
};

export function questionIntent(text: string | undefined): QuestionIntent {
  const t = (text ?? "").toLowerCase();
  const intent: QuestionIntent = {
    simplest: /simplest form|lowest terms|simplify the fraction|reduce\b|fully simplif/.test(t),
    units: new Set(),
  };
  const round = t.match(/(?:nearest|to the)\s+(whole number|whole|tenth|hundredth|thousandth|integer|one|unit)s?\b/);
  if (round && /round|nearest/.test(t)) intent.round = PLACES[round[1]!];
  const as = t.match(/\b(?:as|to|into|in)\s+(?:an?\s+)?(decimal|fraction|percent(?:age)?|mixed number)s?\b/);
  if (as) intent.as = as[1]!.startsWith("percent") ? "percent" : as[1] === "mixed number" ? "mixed" : (as[1] as "decimal" | "fraction");
  if (intent.simplest && !intent.as) intent.as = "fraction";
  for (const m of t.matchAll(/\b(?:in|into|to)\s+([a-z]+)\b|\bhow many\s+([a-z]+)\b/g)) {
    const unit = UNIT_WORDS[m[1] ?? m[2]!];
    if (unit) intent.units.add(unit);
  }
  return intent;
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : Math.abs(a));

/** A student's number, in the form written. Leading dots, thousands separators (also spaced), words. */
export function readStudentNumber(raw: string): { value: NumberValue; form: NumberForm } | undefined {
  const text = raw
    .trim()
    .replace(/(^|[\s=$(])\.(\d)/g, "$10.$2")
    .replace(/(\d{1,3})(?: (\d{3}))+\b/g, (m) => (/^\d{1,3}( \d{3})+$/.test(m) ? m.replace(/ /g, "") : m));
  const n = parseNumber(text);
  if (n) {
    const body = text.replace(/^[a-z]\s*=\s*/i, "");
    const form: NumberForm = n.percent
      ? "percent"
      : /^\s*[-+]?\d+[ -]\d+\/\d+/.test(body)
        ? "mixed"
        : /\d\s*\/\s*\d/.test(body)
          ? "fraction"
          : /\.\d/.test(body)
            ? "decimal"
            : "whole";
    return { value: n, form };
  }
  const words = parseNumberWords(text.replace(/\s*percent$/i, ""));
  if (words) {
    const percent = /percent$/i.test(text);
    return {
      value: { kind: "number", value: words.value, percent, decimals: words.form === "whole" ? 0 : 6, raw },
      form: percent ? "percent" : words.form,
    };
  }
  return undefined;
}

function sameValue(key: NumberValue, student: NumberValue, exactDecimals: boolean): boolean {
  const candidates = [student.value];
  if (key.percent && !student.percent) candidates.push(student.value * 100);
  if (!key.percent && student.percent) candidates.push(student.value / 100);
  return candidates.some((c) => {
    if (Math.abs(key.value - c) <= Math.max(1e-9, Math.abs(key.value) * 1e-9)) return true;
    // A more precise answer that rounds to the key (key 0.33, answer 1/3), unless the question asks to round.
    if (exactDecimals) return false;
    const rounded = key.decimals > 0 && key.decimals < 6 && student.decimals >= key.decimals + 2;
    return rounded && Math.abs(key.value - c) < 0.5 * 10 ** -key.decimals;
  });
}

function judgeNumber(key: NumberValue, answer: string, intent: QuestionIntent, context?: QuestionContext): Judgement {
  const read = readStudentNumber(answer);
  if (!read) {
    const m = compareAnswer(key, answer);
    return m.credit > 0 ? { ...m, doubt: "The number was taken from a longer answer." } : m;
  }
  const { value: student, form } = read;
  if (key.variable && student.variable && key.variable !== student.variable) {
    return { credit: 0, confidence: 0.8, reason: `Solved for ${student.variable}, not ${key.variable}.` };
  }
  if (!sameValue(key, student, intent.round !== undefined)) {
    const amount = inOtherUnit(key, student, answer, context);
    if (amount) return amount;
    // "11/4" may be "1 1/4" with its space lost in reading: a second reading that is right is worth a look.
    const split = answer.trim().match(/^(\d)(\d+)\s*\/\s*(\d+)$/);
    const other = split ? readStudentNumber(`${split[1]} ${split[2]}/${split[3]}`) : undefined;
    if (other && sameValue(key, other.value, false)) {
      return {
        credit: 0,
        confidence: 0.5,
        reason: `${answer.trim()} is not ${key.raw.trim()}.`,
        doubt: `"${answer.trim()}" may be ${split![1]} ${split![2]}/${split![3]} with the space lost in reading.`,
      };
    }
    // "37.600" for 37600: a thousands comma read as a point (or written the European way).
    const grouped = answer.trim().match(/^\d{1,3}(?:\.\d{3})+$/);
    if (grouped && !key.percent && Number(grouped[0].replace(/\./g, "")) === key.value) {
      return {
        credit: 1,
        confidence: 0.6,
        reason: `Correct: ${answer.trim()} is ${key.raw.trim()} with its thousands separator read as a point.`,
        doubt: `"${answer.trim()}" was taken as ${key.raw.trim()}: its thousands comma may have been read as a point.`,
      };
    }
    // "45" for 0.45, "3.76" for 376: the same digits with a point lost or misplaced, which is small and easily misread.
    const digits = (v: string) => v.replace(/[^\d]/g, "").replace(/^0+/, "");
    if (digits(answer).length > 1 && digits(answer) === digits(key.raw)) {
      return {
        credit: 0,
        confidence: 0.5,
        reason: `${answer.trim()} is not ${key.raw.trim()}.`,
        doubt: `"${answer.trim()}" has the digits of ${key.raw.trim()}: a decimal point or comma may have been misread.`,
      };
    }
    return { credit: 0, confidence: 0.95, reason: `${answer.trim()} is not ${key.raw.trim()}.` };
  }
  const otherForm = (asked: string): Judgement =>
    echoesQuestion(answer, context)
      ? { credit: 0, confidence: 0.9, reason: `Wrote back the question's own number instead of ${asked}.` }
      : {
          credit: 0.5,
          confidence: 0.85,
          reason: `Right value, but not ${asked}.`,
          doubt: `Right value in another form than asked (${asked}).`,
        };
  if (intent.round !== undefined && student.decimals > intent.round && form === "decimal") return otherForm(`rounded as asked`);
  if (intent.as === "decimal" && (form === "fraction" || form === "mixed" || form === "percent")) return otherForm("as a decimal");
  if (intent.as === "percent" && form !== "percent" && !(Math.abs(student.value - key.value) < 1e-9 && key.percent))
    return otherForm("as a percent");
  if (intent.as === "fraction" && (form === "decimal" || form === "percent")) return otherForm("as a fraction");
  if (intent.as === "mixed" && form !== "mixed" && !Number.isInteger(student.value)) return otherForm("as a mixed number");
  if (intent.simplest && (form === "fraction" || form === "mixed")) {
    const f = answer.match(/(\d+)\s*\/\s*(\d+)/);
    if (f && gcd(Number(f[1]), Number(f[2])) > 1) return otherForm("in simplest form");
  }
  if (key.unit && student.unit && key.unit !== student.unit) {
    return {
      credit: 0.5,
      confidence: 0.8,
      reason: `Right number but the unit is ${student.unit}, not ${key.unit}.`,
      doubt: "Unit differs from the key.",
    };
  }
  if (key.unit && !student.unit && key.unit !== "$" && !intent.units.has(key.unit)) {
    return { credit: 0.5, confidence: 0.85, reason: `Right number, but the unit (${key.unit}) is missing.`, doubt: "Unit missing." };
  }
  if (student.unitSpelled)
    return {
      credit: 1,
      confidence: 0.8,
      reason: `Correct: ${answer.trim()}.`,
      doubt: `The unit "${student.unitSpelled}" was taken as ${student.unit}: a spelling slip or a misreading.`,
    };
  return { credit: 1, confidence: 0.97, reason: `Correct: ${answer.trim()}.` };
}

/** Singular, lower case, without articles: "The Roots" → "root". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return word.slice(0, -3) + "y";
  if (word.length > 4 && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}
const ARTICLES = new Set(["the", "a", "an", "some", "they", "it", "is", "are", "make", "makes", "called", "river", "planet", "ocean"]);
function words(text: string, dropFiller: boolean): string[] {
  return normalizeText(text)
    .split(" ")
    .filter((w) => w && !(dropFiller && ARTICLES.has(w)))
    .map(stem);
}

function judgeText(keyText: string, answer: string): Judgement {
  const k = words(keyText, false).join(" ");
  const s = words(answer, false).join(" ");
  if (!s) return { credit: 0, confidence: 0.9, reason: "No answer given." };
  if (k === s) return { credit: 1, confidence: 0.97, reason: "Correct." };
  const kw = words(keyText, true);
  const sw = words(answer, true);
  if (kw.length && kw.join(" ") === sw.join(" ")) return { credit: 1, confidence: 0.95, reason: "Correct." };
  // Every key word there, in a short answer ("the Nile river", "they make honey").
  if (kw.length && kw.every((w) => sw.includes(w)) && sw.length - kw.length <= 2)
    return { credit: 1, confidence: 0.9, reason: "Correct: contains the expected answer." };
  const m = compareAnswer({ kind: "text", text: keyText, raw: keyText }, answer);
  // Partial matches doubt; so does a zero at confidence 0.6 or less (a key word swapped for another).
  if (m.credit > 0 || m.confidence <= 0.6)
    return {
      ...m,
      doubt: m.confidence < 0.9 ? "Close to the key but not the same words: a spelling slip or a different answer?" : undefined,
    };
  return m;
}

/** "1, 2, 3", "{1,2,3}", "1 2 3", "red, blue and yellow": items normalised for comparison. */
function listItems(text: string, numeric: boolean): string[] {
  let body = text.replace(/^[{[(]|[}\])]$/g, "").trim();
  // A comma read as a full stop: "2. 4. 6, 8". A decimal point is never followed by a space.
  if (numeric) body = body.replace(/(\d)\.\s+(?=\d)/g, "$1, ");
  const parts = body.split(/\s*[,;]\s*|\s+and\s+|\s*&\s*/i).filter(Boolean);
  const items = numeric && parts.length === 1 ? body.split(/\s+/) : parts;
  return items.map((p) => {
    const n = numeric ? readStudentNumber(p) : undefined;
    return n ? String(Number(n.value.value.toFixed(6))) : words(p, true).join(" ");
  });
}

function judgeList(keyRaw: string, answer: string): Judgement {
  const numeric = /^[\d\s,.;/-]+$/.test(keyRaw);
  const key = listItems(keyRaw, numeric);
  const student = listItems(answer, numeric);
  const remaining = [...student];
  const missing: string[] = [];
  for (const item of key) {
    const i = remaining.findIndex((s) => s === item || (!numeric && levenshtein(s, item) <= (item.length > 5 ? 1 : 0)));
    if (i >= 0) remaining.splice(i, 1);
    else missing.push(item);
  }
  // "13" where "1" and "3" are missing: a space lost in reading between two items ("3.2": a comma read as a point).
  const joined: string[] = [];
  for (const extra of numeric ? [...remaining] : []) {
    const point = extra.indexOf(".");
    const splits =
      point > 0
        ? [[extra.slice(0, point), extra.slice(point + 1)]]
        : [...Array(Math.max(0, extra.length - 1)).keys()].map((k) => [extra.slice(0, k + 1), extra.slice(k + 1)]);
    const split = splits.find(([a, b]) => missing.includes(a) && missing.includes(b) && missing.lastIndexOf(b) !== missing.indexOf(a));
    if (!split) continue;
    for (const part of split) missing.splice(missing.indexOf(part), 1);
    remaining.splice(remaining.indexOf(extra), 1);
    joined.push(`${split[0]} ${split[1]}`);
  }
  const doubt = joined.length ? `Read as one item where ${joined.join(", ")} may have lost a space in reading.` : undefined;
  const hits = key.length - missing.length;
  const errors = missing.length + remaining.length;
  if (errors === 0) return { credit: 1, confidence: 0.95, reason: "Correct: every item, in any order.", doubt };
  if (errors === 1 && key.length >= 3)
    return {
      credit: 0.5,
      confidence: 0.85,
      reason: hits < key.length ? `${hits} of ${key.length} items; one missing.` : "Every item, and one that does not belong.",
      doubt,
    };
  return {
    credit: 0,
    confidence: 0.9,
    reason: `${hits} of ${key.length} items right${remaining.length ? `, ${remaining.length} that do not belong` : ""}.`,
    doubt,
  };
}

function judgeChoice(key: Extract<AnswerValue, { kind: "choice" }>, answer: string, context?: QuestionContext): Judgement {
  const options = context?.options ?? new Map<string, string>();
  const keyText = key.text ?? options.get(key.letter);
  const raw = answer.trim();
  const matchOption = (text: string) =>
    [...options].filter(([, o]) => {
      const a = words(o, true).join(" ");
      const b = words(text, true).join(" ");
      return a === b || (a.length > 5 && levenshtein(a, b) <= 1);
    });
  const lettered = raw.match(/^\(?([a-e])\)?(?:[.):\s-]\s*(.*))?$/i);
  if (lettered && (lettered[2] === undefined || lettered[2].trim() === "" || /^[A-E]$/.test(lettered[1]!) || options.size)) {
    const letter = lettered[1]!.toUpperCase();
    const rest = lettered[2]?.trim();
    if (rest && options.size) {
      const named = matchOption(rest);
      if (named.length && !named.some(([l]) => l === letter)) {
        return {
          credit: 0,
          confidence: 0.6,
          reason: `Wrote ${letter} but the text of option ${named[0]![0]}.`,
          doubt: `The answer names two options (${letter} and ${named[0]![0]}).`,
        };
      }
    }
    if (!rest || !options.size || matchOption(rest).length || lettered[1] === letter) {
      return letter === key.letter
        ? { credit: 1, confidence: 0.97, reason: `Correct: ${key.letter}.` }
        : { credit: 0, confidence: 0.95, reason: `Chose ${letter}; the answer is ${key.letter}${keyText ? ` (${keyText})` : ""}.` };
    }
  }
  const named = options.size ? matchOption(raw) : [];
  if (named.length === 1) {
    const [letter] = named[0]!;
    return letter === key.letter
      ? { credit: 1, confidence: 0.93, reason: `Correct: wrote the text of option ${key.letter}.` }
      : {
          credit: 0,
          confidence: 0.93,
          reason: `Chose ${letter} (${named[0]![1]}); the answer is ${key.letter}${keyText ? ` (${keyText})` : ""}.`,
        };
  }
  if (keyText) {
    const m = judgeText(keyText, raw);
    if (m.credit === 1) return { ...m, reason: `Correct: wrote the text of option ${key.letter}.` };
  }
  const m = compareAnswer(key, raw);
  return {
    ...m,
    doubt: options.size ? "The answer matches none of the options." : "The options of this question were not found on the page.",
  };
}

/** Judges one accepted answer. */
function judgeOne(accepted: KeyQuestion["accepted"][number], answer: string, intent: QuestionIntent, context?: QuestionContext): Judgement {
  const key = accepted.value;
  if (key.kind === "choice") return judgeChoice(key, answer, context);
  if (key.kind === "number") return judgeNumber(key, answer, intent, context);
  if (key.kind === "list" || (key.kind === "text" && /,/.test(accepted.raw))) return judgeList(accepted.raw, answer);
  const keyExpr = parseExpression(accepted.raw);
  if (keyExpr) {
    const studentExpr = parseExpression(answer);
    const misread = studentExpr && equivalentExpressions(keyExpr, studentExpr) ? undefined : misreadEquivalent(keyExpr, answer);
    if (misread) {
      return {
        credit: 1,
        confidence: 0.6,
        reason: `Correct if read as ${misread}: equals ${accepted.raw}.`,
        doubt: `"${answer.trim()}" was taken as ${misread} (a superscript or a digit may have been misread).`,
      };
    }
    if (!studentExpr) {
      return { credit: 0, confidence: 0.7, reason: `Expected ${accepted.raw}.`, doubt: "The answer could not be read as an expression." };
    }
    if (!equivalentExpressions(keyExpr, studentExpr))
      return { credit: 0, confidence: 0.93, reason: `${answer.trim()} is not equal to ${accepted.raw}.` };
    const asked = context?.text.toLowerCase().replace(/\s+/g, "") ?? "";
    if (asked && asked.includes(studentExpr.compact) && studentExpr.compact !== keyExpr.compact) {
      return { credit: 0, confidence: 0.85, reason: "Wrote back the question's expression without simplifying it." };
    }
    return { credit: 1, confidence: 0.96, reason: `Correct: ${answer.trim()} equals ${accepted.raw}.` };
  }
  return judgeText(accepted.raw, answer);
}

/** The best judgement over the key's accepted answers. */
export function judgeAnswer(question: KeyQuestion, answer: string, context?: QuestionContext): Judgement {
  const raw = answer.trim();
  if (!raw || /^[_\-\s?.]*$/.test(raw)) return { credit: 0, confidence: 0.9, reason: "No answer given." };
  if (detectPromptInjection(raw).length) {
    return {
      credit: 0,
      confidence: 0.5,
      reason: "The answer is an instruction to the grader, not an answer.",
      doubt: "The answer contains an instruction aimed at the grader.",
    };
  }
  const intent = questionIntent(context?.text);
  let best: Judgement | undefined;
  for (const accepted of question.accepted) {
    const j = judgeOne(accepted, raw, intent, context);
    if (!best || j.credit > best.credit || (j.credit === best.credit && j.confidence > best.confidence)) best = j;
  }
  return best!;
}
