// Question-aware judgement: the question's own words decide what counts ("simplest form", "nearest tenth",
// "as a decimal", "in cm", the options of a multiple-choice question), equivalent spellings are accepted
// (".75", "twenty", "n = 6", "6 + 2x", any order of a list), and the judgement says when it is unsure
// (`doubt`) instead of guessing. Marking policy: docs/decisions/0009-question-aware-judgement-and-review-flags.md.
import { judgeExpression, parseExpression } from "./algebra";
import type { KeyQuestion } from "../answers/answer-key";
import { detectPromptInjection } from "./injection";
import { judgeList, words } from "./lists";
import { readStudentNumber, sameValue } from "../values/numbers";
import { questionIntent, type QuestionContext, type QuestionIntent } from "../answers/question-context";
import { echoesQuestion, inCompoundUnits, inOtherUnit } from "./amounts";
import { levenshtein, slipAllowance } from "../values/spelling";
import { mayReadAs, readUnit } from "../values/units";
import { compareAnswer, numberTexts, type AnswerValue, type NumberValue } from "../values/values";

export { questionIntent, type QuestionIntent } from "../answers/question-context";

import type { Judgement } from "./judgement";

export type { Judgement } from "./judgement";

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : Math.abs(a));

function judgeNumber(key: NumberValue, answer: string, intent: QuestionIntent, context?: QuestionContext): Judgement {
  const read = readStudentNumber(answer);
  if (!read) {
    const asked = intent.units.size === 1 ? [...intent.units][0] : undefined;
    const compound = inCompoundUnits(key, answer, asked, context);
    if (compound) return compound;
    // A space read inside a number ("11,10 0", "2 6.96"): the number without it, if that is the key's, with a doubt.
    const closed = readStudentNumber(answer.trim().replace(/(\d[,.]?)\s+(?=[,.]?\d)/g, "$1"));
    if (closed && sameValue(key, closed.value, intent.round !== undefined))
      return {
        credit: 1,
        confidence: 0.6,
        reason: `Correct if read as ${closed.value.raw}.`,
        doubt: `"${answer.trim()}" was taken as ${closed.value.raw}: a space may have been read inside the number.`,
      };
    const m = compareAnswer(key, answer);
    if (!(m.credit > 0)) return { ...m, doubt: "The answer could not be read as a number." };
    // The number taken from a longer answer ("e 14/16") is held to the form asked, as it would be alone.
    const found = numberTexts(answer);
    const alone = found.length === 1 && found[0] !== answer.trim() ? judgeNumber(key, found[0]!, intent, context) : undefined;
    return alone && alone.credit < m.credit
      ? { ...alone, doubt: alone.doubt ?? "The number was taken from a longer answer." }
      : { ...m, doubt: "The number was taken from a longer answer." };
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
    // "37.600" for 37600: a thousands comma read as a point, or written the European way. Either way the key's
    // value; a decimal is not written with three places that make the key's digits, so no doubt is left (0025).
    // A unit after it is the key's or the asked one ("2.500 mL").
    const grouped = answer.trim().match(/^(\d{1,3}(?:\.\d{3})+)\s*(.*)$/);
    const groupedUnit = grouped?.[2] ? readUnit(grouped[2])?.unit : undefined;
    const unitFits = !grouped?.[2] || (groupedUnit !== undefined && (groupedUnit === key.unit || intent.units.has(groupedUnit)));
    if (grouped && unitFits && !key.percent && Number(grouped[1]!.replace(/\./g, "")) === key.value) {
      return {
        credit: 1,
        confidence: 0.9,
        reason: `Correct: ${answer.trim()} is ${key.raw.trim()} with its thousands separator written or read as a point.`,
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
        misread: true,
      };
    }
    // "500" for 5500: a doubled digit read once, as a reader that joins repeated characters does.
    if (repeatCollapsed(digits(key.raw), digits(answer))) {
      return {
        credit: 0,
        confidence: 0.5,
        reason: `${answer.trim()} is not ${key.raw.trim()}.`,
        doubt: `"${answer.trim()}" is ${key.raw.trim()} with a doubled digit once: it may have been read once.`,
        misread: true,
      };
    }
    return { credit: 0, confidence: 0.95, reason: `${answer.trim()} is not ${key.raw.trim()}.` };
  }
  // The right value in another form than asked is half marks by the marking policy, not a doubt: the reason says
  // so and the question is not flagged (0025). Unless it may be the question's own number, misread on the page or
  // in the answer, or the question was not read to tell.
  const otherForm = (asked: string): Judgement =>
    echoesQuestion(answer, context)
      ? { credit: 0, confidence: 0.9, reason: `Wrote back the question's own number instead of ${asked}.` }
      : {
          credit: 0.5,
          confidence: 0.85,
          reason: `Right value, but not ${asked}.`,
          doubt: nearQuestionNumber(answer, context)
            ? `Right value in another form than asked (${asked}), or the question's own number misread.`
            : undefined,
        };
  if (intent.round !== undefined && student.decimals > intent.round && form === "decimal") return otherForm(`rounded as asked`);
  if (intent.as === "decimal" && (form === "fraction" || form === "mixed" || form === "percent")) return otherForm("as a decimal");
  if (intent.as === "percent" && form !== "percent" && !(Math.abs(student.value - key.value) < 1e-9 && key.percent))
    return otherForm("as a percent");
  if (intent.as === "fraction" && (form === "decimal" || form === "percent")) return otherForm("as a fraction");
  if (intent.as === "mixed" && form !== "mixed" && !Number.isInteger(student.value)) return otherForm("as a mixed number");
  // "Write 2 3/4 as an improper fraction": 2.75 or 2 3/4 is the value, not the form asked for.
  if (intent.as === "improper" && form !== "fraction" && !Number.isInteger(key.value)) return otherForm("as an improper fraction");
  if (intent.simplest && (form === "fraction" || form === "mixed")) {
    const f = answer.match(/(\d+)\s*\/\s*(\d+)/);
    if (f && gcd(Number(f[1]), Number(f[2])) > 1) return otherForm("in simplest form");
  }
  if (key.unit && student.unit && key.unit !== student.unit) {
    const written = answer.trim().match(/\d\s*([^\d\s].*)$/)?.[1];
    if (written && mayReadAs(written, key.unit))
      return {
        credit: 1,
        confidence: 0.6,
        reason: `Correct: ${answer.trim()}.`,
        doubt: `The unit "${written}" was taken as ${key.unit}: a letter may have been misread.`,
      };
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
  // Singular and plural set aside, within a spelling slip ("a butterly" for butterflies): right, with a doubt.
  const [ks, ss] = [kw.join(" "), sw.join(" ")];
  const apart = kw.length && ss ? levenshtein(ks, ss) : Infinity;
  const slip = "Close to the key but not the same words: a spelling slip or a different answer?";
  if (apart <= slipAllowance(ks.length))
    return { credit: 1, confidence: 0.85, reason: `Correct (a small spelling slip: "${answer.trim()}").`, doubt: slip };
  const m = compareAnswer({ kind: "text", text: keyText, raw: keyText }, answer);
  // Partial matches doubt; so does a zero at confidence 0.6 or less (a key word swapped for another).
  if (m.credit > 0 || m.confidence <= 0.6) return { ...m, doubt: m.confidence < 0.9 ? slip : undefined };
  // The key with a letter or two missing ("ce" for ice): lost in reading, or another answer.
  if (ss && ks.length - ss.length <= 2 && lettersOf(ss, ks))
    return { ...m, doubt: `"${answer.trim()}" is the key with letters missing: they may have been lost in reading.` };
  return m;
}

/** Every letter of `part`, in order, within `whole`. */
function lettersOf(part: string, whole: string): boolean {
  let i = 0;
  for (const c of whole) if (c === part[i]) i++;
  return i === part.length;
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
      // A letter with an option's text, and no options read on the page to check that text against: the answer may
      // name two options (0025). The key's own text for the option settles it when it is there.
      // So is text that matches none of the options read (an option line read badly).
      const unchecked =
        rest &&
        /\p{L}{2}/u.test(rest) &&
        !matchOption(rest).length &&
        !(keyText && words(keyText, true).join(" ") === words(rest, true).join(" "));
      if (unchecked)
        return {
          credit: letter === key.letter ? 1 : 0,
          confidence: 0.7,
          reason: letter === key.letter ? `Correct: ${key.letter}.` : `Chose ${letter}; the answer is ${key.letter}.`,
          doubt: `${options.size ? "The text after the letter matches none of the options read" : "The options were not found on the page"}: "${rest}" could not be checked.`,
        };
      return letter === key.letter
        ? { credit: 1, confidence: 0.97, reason: `Correct: ${key.letter}.` }
        : { credit: 0, confidence: 0.95, reason: `Chose ${letter}; the answer is ${key.letter}${keyText ? ` (${keyText})` : ""}.` };
    }
  }
  // A lone capital past E (a matching exercise's letters run on to L): the letter chosen, wrong, whatever was read of
  // the options. A key letter past E is the key's text, judged as text.
  const lone = raw.match(/^\(?([F-Z])\)?[.)]?$/);
  if (lone)
    return { credit: 0, confidence: 0.95, reason: `Chose ${lone[1]}; the answer is ${key.letter}${keyText ? ` (${keyText})` : ""}.` };
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
  if (keyExpr) return judgeExpression(keyExpr, accepted.raw, answer, context);
  return judgeText(accepted.raw, answer);
}

/** The question was not read, or gives a number within one character of the answer ("0.7S" for 0.75). */
function nearQuestionNumber(answer: string, context?: QuestionContext): boolean {
  if (!context) return true;
  const a = answer.trim().replace(/\s+/g, " ");
  // The question's words with a digit in them, alone and with the next word ("2 1/4", "2.25 m").
  const words = context.text.split(/\s+/).map((w) => w.replace(/[.,:;?!]+$/, ""));
  const numbers = words.flatMap((w, i) => (/\d/.test(w) ? [w, `${w} ${words[i + 1] ?? ""}`.trim()] : []));
  return numbers.some((n) => levenshtein(n, a) <= 1);
}

/** `read` is `key` with one digit of a doubled pair dropped ("500" for "5500", "13" for "113"). */
function repeatCollapsed(key: string, read: string): boolean {
  if (read.length !== key.length - 1) return false;
  // Not a zero: "550" for 5500 is a factor of ten, a plausible wrong answer.
  return [...key].some((d, i) => i > 0 && d !== "0" && key[i - 1] === d && key.slice(0, i) + key.slice(i + 1) === read);
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
  const judged = best!;
  return judged.credit < 1 && !judged.doubt && letterLost(question, raw)
    ? { ...judged, doubt: `The key is a letter and no letter alone was read ("${raw}"): the letter written may have been missed.` }
    : judged;
}

/**
 * Where every answer the key accepts is one letter (a matching exercise's "K", an option's "C"), what was read is no
 * letter alone ("Whatis", "097", "J.75%"): the child wrote a letter, and what was read is print or a misread near it.
 */
function letterLost(question: KeyQuestion, raw: string): boolean {
  const letter = (text: string) => /^\(?\p{L}[).]?$/u.test(text.trim());
  return question.accepted.every((a) => letter(a.raw)) && !letter(raw);
}
