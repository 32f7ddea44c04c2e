// A student's number as written: leading dots, thousands separators (also spaced), number words (also with a
// unit: "two hundred fifty centimeters"), and the form it was written in, which the question may ask for.
import { parseNumberWords } from "./number-words";
import { readUnit } from "./units";
import { parseNumber, type NumberValue } from "./values";

export type NumberForm = "whole" | "decimal" | "fraction" | "mixed" | "percent";

/** A student's number, in the form written. Leading dots, thousands separators (also spaced), words. */
export function readStudentNumber(raw: string): { value: NumberValue; form: NumberForm } | undefined {
  const text = raw
    .trim()
    .replace(/(^|[\s=$(])\.(\d)/g, "$10.$2")
    .replace(/(\d{1,3})(?: (\d{3}))+\b/g, (m) => (/^\d{1,3}( \d{3})+$/.test(m) ? m.replace(/ /g, "") : m))
    // A decimal comma, written or a point read as one: "3,5", "0,45 kg". Three digits after it are a thousands group.
    .replace(/^([-+]?\d+),(\d{1,2}|\d{4,})(?=\s*[^\d\s,][^\d,]*$|$)/, "$1.$2");
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
  return numberInWords(text, raw);
}

/** "twenty", "75 percent" in words, "two hundred fifty centimeters": a number in words, with a unit after it. */
function numberInWords(text: string, raw: string): { value: NumberValue; form: NumberForm } | undefined {
  const tokens = text.split(/\s+/);
  // The whole text as a number, else its last one or two words as a unit ("degrees celsius").
  for (const unitWords of [0, 1, 2]) {
    if (tokens.length <= unitWords) break;
    const unit = unitWords ? readUnit(tokens.slice(-unitWords).join(" ")) : undefined;
    if (unitWords && !unit) continue;
    const body = tokens.slice(0, tokens.length - unitWords).join(" ");
    const words = parseNumberWords(body.replace(/\s*percent$/i, ""));
    if (!words) continue;
    const percent = /percent$/i.test(body);
    const value: NumberValue = { kind: "number", value: words.value, percent, decimals: words.form === "whole" ? 0 : 6, raw };
    if (unit) Object.assign(value, { unit: unit.unit }, unit.spelled ? { unitSpelled: unit.spelled } : {});
    return { value, form: percent ? "percent" : words.form };
  }
  return undefined;
}

export function sameValue(key: NumberValue, student: NumberValue, exactDecimals: boolean): boolean {
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
