// Lists and sets: items in any order, separated by commas, semicolons, "and" (also after a comma: "red, blue,
// and yellow"), spaces, or by nothing a reader kept ("red blue yellow"); a comma read as a full stop; two
// numbers run together when a reader lost the space between them. Marking policy: 0009, 0019, 0025.
import type { Judgement } from "./judgement";
import { readStudentNumber } from "../values/numbers";
import { levenshtein } from "../values/spelling";
import { DIGIT_LOOKALIKES, normalizeText } from "../values/values";

/** Singular, lower case: "Roots" → "root". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return word.slice(0, -3) + "y";
  if (word.length > 4 && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}
const ARTICLES = new Set(["the", "a", "an", "some", "they", "it", "is", "are", "make", "makes", "called", "river", "planet", "ocean"]);

/** Singular, lower case, without articles when `dropFiller`: "The Roots" → "root". */
export function words(text: string, dropFiller: boolean): string[] {
  return normalizeText(text)
    .split(" ")
    .filter((w) => w && !(dropFiller && ARTICLES.has(w)))
    .map(stem);
}

/** Digits and the letters a reader gives for them (g and q for 9). */
const LOOKALIKE_ITEM = new RegExp(`^[\\d${Object.keys(DIGIT_LOOKALIKES).join("").replace("|", "\\|")}gq]+(?:\\.\\d+)?$`);

/** "1, 2, 3", "{1,2,3}", "1 2 3", "red, blue and yellow": items normalised for comparison. */
function listItems(text: string, numeric: boolean): string[] {
  let body = text.replace(/^[{[(]|[}\])]$/g, "").trim();
  // A comma read as a full stop: "2. 4. 6, 8", "red. blue, yellow". A decimal point is never followed by a space.
  body = numeric ? body.replace(/(\d)\.\s+(?=\d)/g, "$1, ") : body.replace(/(\p{L})\.\s+(?=\p{L})/gu, "$1, ");
  const parts = body
    .split(/\s*[,;:]\s*|\s+and\s+|\s*&\s*/i)
    .map((p) => p.replace(/^(?:and|&)\s+/i, ""))
    .filter(Boolean);
  const items = numeric && parts.length === 1 ? body.split(/\s+/) : parts;
  return items.map((p) => {
    // In a list of numbers, an item of digits and their look-alikes is a number ("l2" for 12, "S" for 5).
    const digits = numeric && LOOKALIKE_ITEM.test(p) ? p.replace(/[^\d.]/g, (c) => DIGIT_LOOKALIKES[c] ?? "9") : p;
    const n = numeric ? readStudentNumber(digits) : undefined;
    return n ? String(Number(n.value.value.toFixed(6))) : words(p, true).join(" ");
  });
}

/** One item for another: the same, a slip in a long word, or singular for plural ("gas", "gases"). */
function sameItem(a: string, b: string, numeric: boolean): boolean {
  if (a === b) return true;
  if (numeric) return false;
  return levenshtein(a, b) <= (b.length > 5 ? 1 : 0) || a.replace(/e$/, "") === b.replace(/e$/, "");
}

/** `parts` all among `pool` (as a multiset); what is left of the pool, or undefined. */
function takeFrom(pool: string[], parts: string[]): string[] | undefined {
  const left = [...pool];
  for (const p of parts) {
    const i = left.indexOf(p);
    if (i < 0) return undefined;
    left.splice(i, 1);
  }
  return left;
}

/** How an extra item may be several missing ones run together: "13" for 1 and 3, "2.4.6" with commas read as points. */
function splitsOf(extra: string, missing: string[]): string[][] {
  if (extra.includes(".")) {
    const parts = extra.split(".");
    return parts.length > 1 && parts.every(Boolean) && takeFrom(missing, parts) ? [parts] : [];
  }
  if (!/^\d{2,8}$/.test(extra)) return [];
  const splits = (rest: string): string[][] =>
    rest.length === 0
      ? [[]]
      : [...Array(rest.length).keys()].flatMap((k) => splits(rest.slice(k + 1)).map((tail) => [rest.slice(0, k + 1), ...tail]));
  return splits(extra).filter((parts) => parts.length > 1 && parts.every((p) => !/^0\d/.test(p)) && takeFrom(missing, parts));
}

/** The extra items explained as missing ones run together, chosen together ("123 2641": 12 3 and 2 6 4 1). */
function runTogether(extras: string[], missing: string[]): { extra: string; parts: string[] }[] {
  if (!extras.length || extras.length > 6) return [];
  const [first, ...rest] = extras;
  let best = runTogether(rest, missing);
  for (const parts of splitsOf(first!, missing)) {
    const found = [{ extra: first!, parts }, ...runTogether(rest, takeFrom(missing, parts)!)];
    if (found.length > best.length) best = found;
  }
  return best;
}

interface ItemMatch {
  missing: string[];
  remaining: string[];
  joined: string[];
}

function matchItems(key: string[], student: string[], numeric: boolean): ItemMatch {
  const remaining = [...student];
  const missing: string[] = [];
  for (const item of key) {
    const i = remaining.findIndex((s) => sameItem(s, item, numeric));
    if (i >= 0) remaining.splice(i, 1);
    else missing.push(item);
  }
  const joined: string[] = [];
  for (const { extra, parts } of numeric ? runTogether(remaining, missing) : []) {
    for (const part of parts) missing.splice(missing.indexOf(part), 1);
    remaining.splice(remaining.indexOf(extra), 1);
    // A point between whole numbers of a list is its comma (the space after it lost too); digits run together are a doubt.
    if (!extra.includes(".")) joined.push(parts.join(" "));
  }
  // In a list of whole numbers, a decimal left over is two items with their comma read as a point ("20.18": one of
  // them the key's), taken apart with a doubt.
  if (numeric && key.every((k) => /^-?\d+$/.test(k))) {
    for (const extra of remaining.filter((r) => /^\d+\.\d+$/.test(r))) {
      const parts = extra.split(".");
      if (!parts.some((p) => missing.includes(p))) continue;
      remaining.splice(remaining.indexOf(extra), 1);
      for (const p of parts) {
        if (missing.includes(p)) missing.splice(missing.indexOf(p), 1);
        else remaining.push(p);
      }
      joined.push(parts.join(" "));
    }
  }
  return { missing, remaining, joined };
}

/** Word items with their separators lost ("red blue yellow", "solid liquid and gas"): the key's items found as runs of words. */
function matchRunOn(key: string[], answer: string): ItemMatch {
  const answerWords = words(answer, true).filter((w) => w !== "and");
  const used = answerWords.map(() => false);
  const missing: string[] = [];
  for (const item of [...key].sort((a, b) => b.split(" ").length - a.split(" ").length)) {
    const itemWords = item.split(" ");
    const at = answerWords.findIndex(
      (_, i) =>
        i + itemWords.length <= answerWords.length && itemWords.every((w, k) => !used[i + k] && sameItem(answerWords[i + k]!, w, false)),
    );
    if (at < 0) missing.push(item);
    else itemWords.forEach((_, k) => (used[at + k] = true));
  }
  // Words left over, each run of them one item that does not belong.
  const remaining = answerWords
    .map((w, i) => (used[i] ? "|" : w))
    .join(" ")
    .split("|")
    .map((s) => s.trim())
    .filter(Boolean);
  return { missing, remaining, joined: [] };
}

export function judgeList(keyRaw: string, answer: string): Judgement {
  const numeric = /^[\d\s,.;/-]+$/.test(keyRaw);
  const key = listItems(keyRaw, numeric);
  let match = matchItems(key, listItems(answer, numeric), numeric);
  const errorsOf = (m: ItemMatch) => m.missing.length + m.remaining.length;
  if (!numeric && errorsOf(match) > 0) {
    const runOn = matchRunOn(key, answer);
    if (errorsOf(runOn) < errorsOf(match)) match = runOn;
  }
  const { missing, remaining, joined } = match;
  // In a list of numbers, an item that is no number was misread more likely than written.
  const odd = numeric ? remaining.filter((r) => !/^-?\d+(?:\.\d+)?$/.test(r)) : [];
  const doubt = joined.length
    ? `Read as one item where ${joined.join(", ")} may have lost a space in reading.`
    : odd.length
      ? `"${odd[0]}" is not a number: it may have been misread.`
      : undefined;
  const hits = key.length - missing.length;
  const errors = errorsOf(match);
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
