// Rubrics: criteria with points and levels, as teachers type them. The local grader scores the
// criteria it can check (length, key terms, required elements) and leaves the rest to the teacher.
import { levenshtein, normalizeText } from "../values/values";

export interface RubricLevel {
  points: number;
  label?: string;
  description: string;
}

export type RubricCheck =
  | { type: "min-words"; min: number; max?: number }
  | { type: "min-sentences"; min: number }
  | { type: "key-terms"; terms: string[]; min?: number }
  | { type: "required-elements"; elements: string[] }
  | { type: "teacher" };

export interface RubricCriterion {
  name: string;
  description: string;
  points: number;
  levels: RubricLevel[];
  check: RubricCheck;
}

export interface Rubric {
  criteria: RubricCriterion[];
  totalPoints: number;
}

export class RubricError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RubricError";
  }
}

// "Thesis (4 points): States a clear thesis"  |  "Evidence - 4 pts - Uses two quotes"  |  "1. Spelling [2]"
const CRITERION =
  /^\s*(?:\d+[.)]\s*|[-*•]\s*)?([^:(\[\-–|]{2,60}?)\s*(?:[(\[]\s*(\d+(?:\.\d+)?)\s*(?:points?|pts?|marks?)?\s*[)\]]|[-–|]\s*(\d+(?:\.\d+)?)\s*(?:points?|pts?|marks?))\s*(?:[:\-–|]\s*(.*))?$/i;
// "4 - Clear thesis", "Excellent (4): ...", "  3: mostly ...", "Proficient - 3 - ..."
const LEVEL =
  /^\s*(?:[-*•]\s*)?(?:(\d+(?:\.\d+)?)\s*(?:points?|pts?)?\s*[-–:=|]\s*(.+)|([A-Za-z][A-Za-z ]{1,24}?)\s*[(\[]?\s*(\d+(?:\.\d+)?)\s*(?:points?|pts?)?\s*[)\]]?\s*[-–:=|]\s*(.+))$/i;

function detectCheck(text: string): RubricCheck {
  const t = text.toLowerCase();
  const words =
    t.match(/(?:at least|minimum of|min(?:imum)?\.?|no fewer than)\s*(\d+)\s*words/) ?? t.match(/(\d+)\s*(?:\+|or more)\s*words/);
  const range = t.match(/(\d+)\s*(?:-|–|to)\s*(\d+)\s*words/);
  if (range) return { type: "min-words", min: Number(range[1]), max: Number(range[2]) };
  if (words) return { type: "min-words", min: Number(words[1]) };
  const sentences = t.match(/(?:at least|minimum of|no fewer than)\s*(\d+|one|two|three|four|five)\s*sentences/);
  if (sentences) return { type: "min-sentences", min: wordNumber(sentences[1]) };
  const terms = text.match(/(?:key\s*terms?|keywords?|vocabulary|uses? the (?:words?|terms?)|mentions?)\s*[:\-]?\s*(.+)$/i);
  if (terms) {
    const list = splitList(terms[1].slice(terms[1].lastIndexOf(":") + 1));
    const min = text.match(/at least (\d+|one|two|three|four|five) (?:of|key|terms|words)/i);
    if (list.length) return { type: "key-terms", terms: list, min: min ? wordNumber(min[1]) : undefined };
  }
  const required = text.match(/(?:must include|includes?|required(?: elements)?|has an?|contains)\s*[:\-]?\s*(.+)$/i);
  if (required) {
    const list = splitList(required[1].slice(required[1].lastIndexOf(":") + 1));
    if (list.length && list.every((e) => e.split(" ").length <= 3)) return { type: "required-elements", elements: list };
  }
  return { type: "teacher" };
}

function wordNumber(s: string): number {
  const words: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
  return words[s.toLowerCase()] ?? Number(s);
}

function splitList(s: string): string[] {
  return s
    .replace(/\.$/, "")
    .split(/\s*,\s*|\s*;\s*|\s+and\s+|\s+or\s+/i)
    .map((x) =>
      x
        .replace(/^(a|an|the)\s+/i, "")
        .replace(/["“”]/g, "")
        .trim(),
    )
    .filter((x) => x && x.length <= 40);
}

export function parseRubric(text: string): Rubric {
  const criteria: RubricCriterion[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (!raw.trim()) continue;
    const indented = /^\s{2,}|^\t|^\s*[-*•]/.test(raw);
    const current = criteria.at(-1);
    const level = raw.match(LEVEL);
    if (current && level && (indented || !raw.match(CRITERION))) {
      const points = Number(level[1] ?? level[4]);
      if (points <= current.points) {
        current.levels.push({ points, label: level[3]?.trim(), description: (level[2] ?? level[5]).trim() });
        continue;
      }
    }
    const c = raw.match(CRITERION);
    if (c) {
      const description = (c[4] ?? "").trim();
      const name = c[1].trim();
      criteria.push({ name, description, points: Number(c[2] ?? c[3]), levels: [], check: detectCheck(`${name}: ${description}`) });
      continue;
    }
    // A plain line under a criterion adds to its description (and may make it checkable).
    if (current) {
      current.description = `${current.description} ${raw.trim()}`.trim();
      if (current.check.type === "teacher") current.check = detectCheck(`${current.name}: ${current.description}`);
    }
  }
  if (!criteria.length) {
    throw new RubricError(
      "No criteria with points were found in the rubric. Write one criterion per line, like 'Thesis (4 points): states a clear claim'.",
    );
  }
  for (const c of criteria) c.levels.sort((a, b) => b.points - a.points);
  return { criteria, totalPoints: criteria.reduce((s, c) => s + c.points, 0) };
}

export interface CriterionScore {
  name: string;
  pointsAwarded: number | null;
  pointsPossible: number;
  level?: string;
  needsTeacher: boolean;
  reason: string;
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

function hasTerm(normalizedText: string, words: string[], term: string): boolean {
  const t = normalizeText(term);
  if (!t) return false;
  if (normalizedText.includes(t)) return true;
  if (t.includes(" ")) return false;
  return words.some((w) => w.length >= 4 && (w.startsWith(t) || levenshtein(w, t) <= (t.length > 7 ? 2 : 1)));
}

/** Snap a share of the points to the nearest level at or below it, when the rubric has levels. */
function award(criterion: RubricCriterion, share: number): { points: number; level?: string } {
  const raw = Math.max(0, Math.min(1, share)) * criterion.points;
  if (!criterion.levels.length) return { points: Math.round(raw * 2) / 2 };
  const level = criterion.levels.find((l) => l.points <= raw + 1e-9) ?? criterion.levels.at(-1)!;
  return { points: level.points, level: level.label ?? level.description };
}

export function scoreRubric(rubric: Rubric, text: string): CriterionScore[] {
  const normalized = normalizeText(text);
  const words = normalized.split(" ");
  return rubric.criteria.map((criterion) => {
    const base = { name: criterion.name, pointsPossible: criterion.points };
    const check = criterion.check;
    switch (check.type) {
      case "min-words": {
        const n = countWords(text);
        const share = n >= check.min && (!check.max || n <= check.max * 1.2) ? 1 : n / check.min;
        const a = award(criterion, share);
        return {
          ...base,
          pointsAwarded: a.points,
          level: a.level,
          needsTeacher: false,
          reason: `${n} words (asked: ${check.max ? `${check.min}–${check.max}` : `at least ${check.min}`}).`,
        };
      }
      case "min-sentences": {
        const n = text.split(/[.!?]+(?:\s|$)/).filter((s) => countWords(s) >= 3).length;
        const a = award(criterion, n / check.min);
        return {
          ...base,
          pointsAwarded: a.points,
          level: a.level,
          needsTeacher: false,
          reason: `${n} sentences (asked: at least ${check.min}).`,
        };
      }
      case "key-terms": {
        const present = check.terms.filter((t) => hasTerm(normalized, words, t));
        const needed = check.min ?? check.terms.length;
        const a = award(criterion, present.length / needed);
        const missing = check.terms.filter((t) => !present.includes(t));
        return {
          ...base,
          pointsAwarded: a.points,
          level: a.level,
          needsTeacher: false,
          reason: `Uses ${present.length} of ${check.terms.length} key terms${present.length ? ` (${present.join(", ")})` : ""}${missing.length ? `; missing ${missing.join(", ")}` : ""}.`,
        };
      }
      case "required-elements": {
        const present = check.elements.filter((e) => hasTerm(normalized, words, e));
        const a = award(criterion, present.length / check.elements.length);
        // Finding a word is weaker evidence than seeing the element: the teacher should confirm.
        return {
          ...base,
          pointsAwarded: a.points,
          level: a.level,
          needsTeacher: present.length < check.elements.length,
          reason: `Mentions ${present.length} of ${check.elements.length} required elements${present.length < check.elements.length ? `; not found: ${check.elements.filter((e) => !present.includes(e)).join(", ")}` : ""}.`,
        };
      }
      default:
        return {
          ...base,
          pointsAwarded: null,
          needsTeacher: true,
          reason: "Needs the teacher: this criterion asks for judgement the local grader cannot make.",
        };
    }
  });
}
