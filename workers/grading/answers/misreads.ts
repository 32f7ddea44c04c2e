// Repairs of what a reader misreads inside an answer or a sum, before the answer is judged: digits read as
// letters in arithmetic, and the letter O read for a zero (or the other way round) where the key says which; and in
// a question's label, a 1 or a 5 read as a letter; an answer's label misread, or read with the answer after it.
import { levenshtein } from "../values/spelling";
import { DIGIT_LOOKALIKES } from "../values/values";

const FORMULA = /^(?:[A-Z][a-z]?\d*)+$/;
/** Digits and the letters handwriting and small print turn them into: a whole number, a decimal or a fraction. */
const DIGIT_LIKE = /^[\dSsIlOo|]+(?:[./][\dSsIlOo|]+)?$/;
/** The digit look-alikes the other way round, digit → the letters it stands for (and a unit's g or q read as 9). */
const LETTERS_READ_AS: Record<string, string> = {};
for (const [letter, digit] of Object.entries({ ...DIGIT_LOOKALIKES, g: "9", q: "9" }))
  LETTERS_READ_AS[digit] = (LETTERS_READ_AS[digit] ?? "") + letter;
/** Option letters with a bowl, read as digits by a small photo. */
const CHOICE_READ_AS: Readonly<Record<string, string>> = { "8": "B", "0": "D", O: "D" };
const toDigits = (token: string) => token.replace(/[^\d.]/g, (c) => DIGIT_LOOKALIKES[c] ?? c);

/**
 * "3S + S7 = 92", "11 × S = SS": an arithmetic line whose digits partly read as letters. Operators glued to their
 * numbers ("SS ÷1=S", "S2-27") are set apart, and a handwritten 1 read as "/" at a number's end ("2/ ÷ 3 = 7":
 * a fraction never ends in its bar, and an operator follows) or alone after "=" is a 1, and a colon before the
 * line's last number where the sum has no "=" is its "="; the line is only rewritten when it is a sum.
 */
export function fixArithmeticDigits(text: string): string {
  const digitLike = "[\\dSsIlOo|]";
  const operator = /^[+\-−×x*÷/=~·]$/;
  const tokens = text
    .trim()
    .replace(/\s*([+×÷=])\s*/g, " $1 ")
    .replace(new RegExp(`(?<=${digitLike})([-−x])(?=${digitLike})`, "g"), " $1 ")
    .trim()
    .split(/\s+/)
    // "3 ×x 6": one multiplication sign read twice (between numbers; "3 × x = 6" keeps its variable).
    .filter((t, i, all) => !(/^[×xX*]$/.test(t) && /^[×xX*]$/.test(all[i - 1] ?? "") && /^[\dSsIlOo|]/.test(all[i + 1] ?? "")))
    .map((t, i, all) => {
      if (/^[\dSsIlOo|]+\/$/.test(t) && operator.test(all[i + 1] ?? "")) return t.slice(0, -1) + "1";
      // "121 - 120 = /": a bar alone after "=" is no answer; it is the 1.
      return t === "/" && all[i - 1] === "=" && i === all.length - 1 ? "1" : t;
    });
  // "454 + 115 : 569": a sum's "=" read as a colon, before the line's last number, is the "=".
  const colon = tokens.indexOf(":");
  if (
    colon >= 3 &&
    colon === tokens.length - 2 &&
    !tokens.includes("=") &&
    tokens.lastIndexOf(":") === colon &&
    /\d$/.test(tokens[colon - 1]!) &&
    tokens.slice(0, colon).some((t) => operator.test(t))
  )
    tokens[colon] = "=";
  const shape = tokens.every((t) => operator.test(t) || /^[\dSsIlOo|.,]+$/.test(t));
  if (!shape || !tokens.includes("=") || !tokens.some((t) => /\d/.test(t)) || !tokens.some((t) => operator.test(t) && t !== "="))
    return text;
  return tokens.map((t) => (operator.test(t) ? t : toDigits(t))).join(" ");
}
/** `read` is `word` with some of its letters read as digits ("9" for g, "H2S04" for H2SO4). */
function spelledWithDigits(read: string, word: string): boolean {
  if (read.length !== word.length || !/\p{L}/u.test(word)) return false;
  let swapped = false;
  for (let i = 0; i < read.length; i++) {
    if (read[i] === word[i]) continue;
    if (!LETTERS_READ_AS[read[i]]?.includes(word[i])) return false;
    swapped = true;
  }
  return swapped;
}

/**
 * Letters against digits in context: "C02" → "CO2", "H20" → "H2O" when the key expects the formula (or a count
 * would start with 0, which no formula has); "1O0" → "100" among digits; where the key starts with a number
 * ("5 km", "5/8", "$7.25"), the answer's number is read as digits ("S km", "S/8"), and a unit the key spells
 * with letters is the unit ("1010 9" for 1010 g), and a space lost between a number and its unit is the key's;
 * "8" for option B where the key is an option letter.
 */
export function fixLetterO(answer: string, accepted: string[] = []): string {
  const keys = accepted.map((a) => a.trim()).filter(Boolean);
  if (keys.length && keys.every((a) => /^[A-E]$/.test(a)) && CHOICE_READ_AS[answer]) return CHOICE_READ_AS[answer];
  // A number written by hand reads with letters for digits ("II", "S6", "SS"): where the key wants a number, a
  // token of digits and their look-alike letters is the number. A word ("Sol", "so") has lower-case letters and
  // no digit: it stays a word.
  const numericKey = keys.length > 0 && keys.every((a) => /^-?[\d,.]+$/.test(a));
  // "5 km", "0.5 L", "$7.25": the answer's first token is its number.
  const numberFirst = keys.length > 0 && keys.every((a) => /^[-−]?[$€£]?\d[\d,.]*(?:\/\d+)?(?:\s|$)/.test(a));
  // A space lost where a number meets a word ("-3C", "12eggs"): the key's spacing, where nothing else differs.
  const spaced = keys.find(
    (a) =>
      /\s/.test(a) &&
      a.replace(/\s+/g, "") === answer.replace(/\s+/g, "") &&
      [...a.matchAll(/(\S)\s+(?=(\S))/g)].every(([, left, right]) => /\d/.test(left) !== /\d/.test(right)),
  );
  const tokens = (spaced ?? answer).split(" ");
  return tokens
    .map((token, i) => {
      // "$" read as "S" before an amount, when the key writes the amount with "$".
      if (/^[Ss]\d/.test(token) && keys.some((a) => a.includes("$"))) return "$" + token.slice(1);
      const [, currency, body] = token.match(/^([$€£]?)(.*)$/)!;
      const number = DIGIT_LIKE.test(body) && (/\d/.test(body) || /^[SIOl|]+$/.test(body));
      if (number && (numericKey || (numberFirst && i === 0))) return currency + toDigits(body);
      if (/\d/.test(token)) {
        const word = keys.map((a) => a.split(/\s+/)).find((words) => words.length === tokens.length && spelledWithDigits(token, words[i]));
        if (word) return word[i];
      }
      if (/^[\dOo]+$/.test(token) && /\d/.test(token) && /[Oo]/.test(token)) return token.replace(/[Oo]/g, "0");
      if (!/[A-Z]/.test(token) || !/0/.test(token)) return token;
      const swapped = token.replace(/0/g, "O");
      if (keys.some((a) => a.split(/\s+/).includes(swapped))) return swapped;
      // A formula's count never starts with 0 ("C02", "N0"): there the 0 is a letter.
      if (FORMULA.test(swapped) && /[A-Za-z]0/.test(token) && !keys.some((a) => a.split(/\s+/).includes(token))) return swapped;
      return token;
    })
    .join(" ");
}

/** OCR reads the 1 of "Q1" as l, I or |, and 0 as O: repair the label, not the answer. */
/**
 * A printed "Answer" label misread at a line's start ("Ansver", "Ariswer" on a photo), and an answer written close
 * after it read as one word with it ("AnswerC", "Answer7/4").
 */
export function fixAnswerLabel(text: string): string {
  const label = text.match(/^(\s*)(A[a-z]{4,6})(?=\s|$)/);
  if (label && label[2] !== "Answers" && levenshtein(label[2].toLowerCase(), "answer") <= 2)
    text = `${label[1]}Answer${text.slice(label[0].length)}`;
  return text.replace(/^(\s*(?:Answer|Ans))(?=[A-Z\d])/, "$1 ");
}

export function fixQuestionLabel(text: string): string {
  // A bare "S. Who painted…" or "l) …" at the start of a line: the number 5 or 1 misread as a letter (a serif 1's
  // foot makes it an L).
  text = text.replace(/^(\s*)([SlIL|])([.)]\s+)(?=\S)/, (_, sp: string, n: string, sep: string) => sp + (n === "S" ? "5" : "1") + sep);
  // "S.18 ÷ 3 = 6": the 5 read as S and the space after its point lost (a letter never starts a decimal).
  text = text.replace(/^(\s*)S\.(?=\d)/, "$15. ");
  return text.replace(/^(\s*q(?:uestion)?\s*)([0-9lIi|oO]{1,3})(\s*[.):])/i, (_, q: string, n: string, sep: string) =>
    /\d/.test(n) || n.length === 1 ? q + n.replace(/[lIi|]/g, "1").replace(/[oO]/g, "0") + sep : _,
  );
}
