// Numbers written in words, as students write them: "twenty", "twenty-four", "one hundred and five",
// "three fourths", "a half", "two and a half", "one and three quarters".

const UNITS: Record<string, number> = {
  zero: 0,
  none: 0,
  one: 1,
  a: 1,
  an: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

const DENOMINATORS: Record<string, number> = {
  half: 2,
  halves: 2,
  third: 3,
  thirds: 3,
  fourth: 4,
  fourths: 4,
  quarter: 4,
  quarters: 4,
  fifth: 5,
  fifths: 5,
  sixth: 6,
  sixths: 6,
  seventh: 7,
  sevenths: 7,
  eighth: 8,
  eighths: 8,
  ninth: 9,
  ninths: 9,
  tenth: 10,
  tenths: 10,
  hundredth: 100,
  hundredths: 100,
};

export interface WordNumber {
  value: number;
  /** "fraction" for "three fourths", "mixed" for "two and a half", else "whole". */
  form: "whole" | "fraction" | "mixed";
}

/** A whole number in words ("one hundred and five"), or undefined. */
function wholeFrom(words: string[]): number | undefined {
  if (!words.length) return undefined;
  let total = 0;
  let current = 0;
  let seen = false;
  for (const w of words) {
    if (w === "and") continue;
    if (w in UNITS && w !== "a" && w !== "an") {
      current += UNITS[w]!;
      seen = true;
    } else if ((w === "a" || w === "an") && !seen) {
      current += 1;
      seen = true;
    } else if (w === "hundred") {
      current = (current || 1) * 100;
      seen = true;
    } else if (w === "thousand" || w === "million") {
      total += (current || 1) * (w === "thousand" ? 1000 : 1_000_000);
      current = 0;
      seen = true;
    } else return undefined;
  }
  return seen ? total + current : undefined;
}

export function parseNumberWords(raw: string): WordNumber | undefined {
  const words = raw
    .toLowerCase()
    .replace(/[.!]+$/, "")
    .replace(/-/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length || words.length > 8) return undefined;
  const negative = words[0] === "minus" || words[0] === "negative";
  if (negative) words.shift();
  const sign = negative ? -1 : 1;
  const last = words.at(-1)!;
  if (last in DENOMINATORS) {
    const denominator = DENOMINATORS[last]!;
    // "two and three quarters": whole part before the last "and".
    const and = words.lastIndexOf("and");
    const wholeWords = and > 0 ? words.slice(0, and) : [];
    const numeratorWords = and > 0 ? words.slice(and + 1, -1) : words.slice(0, -1);
    const numerator = numeratorWords.length ? wholeFrom(numeratorWords) : 1;
    if (numerator === undefined) return undefined;
    if (and > 0) {
      const whole = wholeFrom(wholeWords);
      if (whole === undefined) return undefined;
      return { value: sign * (whole + numerator / denominator), form: "mixed" };
    }
    return { value: (sign * numerator) / denominator, form: "fraction" };
  }
  const whole = wholeFrom(words);
  if (whole === undefined || words.every((w) => w === "a" || w === "an" || w === "and")) return undefined;
  return { value: sign * whole, form: "whole" };
}
