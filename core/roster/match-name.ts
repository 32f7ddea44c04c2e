// Linking a name written on a paper to the class roster. Children write their names in many ways ("Smith,
// Jordan", "J. Smith", "Ana Maria Lopez" for "Ana María López") and the reader misreads a letter now and
// then: the paper is linked when one student is clearly the best match, and otherwise left for the teacher
// with its likely students (docs/decisions/0037).

export interface RosterStudent {
  id: string;
  name: string;
}

export interface ScoredStudent extends RosterStudent {
  /** How alike the names are, 0..1. */
  score: number;
}

export interface RosterMatch {
  /** The one student the name clearly belongs to, or null. */
  student: RosterStudent | null;
  /** The likeliest students, best first (for the teacher when nothing was linked). */
  candidates: ScoredStudent[];
}

/** A name's words without case, accents or punctuation, with "Last, First" put in reading order. */
export function nameWords(name: string): string[] {
  const folded = name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const [last, ...rest] = folded.split(",");
  const ordered = rest.length === 1 && rest[0]!.trim() && last!.trim() ? `${rest[0]} ${last}` : folded.replace(/,/g, " ");
  return ordered
    .replace(/[^\p{L}\s'-]/gu, " ")
    .replace(/['-]/g, "")
    .split(/\s+/)
    .filter(Boolean);
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** How one written word stands to one roster word: equal, an initial of it, or letters apart. */
function wordCost(written: string, roster: string): { edits: number; initial: boolean } {
  if (written === roster) return { edits: 0, initial: false };
  if (written.length === 1) return roster.startsWith(written) ? { edits: 0, initial: true } : { edits: Infinity, initial: false };
  return { edits: editDistance(written, roster), initial: false };
}

interface Fit {
  /** Letters misread across the name. */
  edits: number;
  /** Words given only by their initial. */
  initials: number;
  /** Roster words the paper left out (middle names). */
  skipped: number;
}

/**
 * The best way the written words map onto the roster's, in any order: each written word to a different roster
 * word. Names have a handful of words, so every assignment is tried.
 */
function bestFit(written: string[], roster: string[]): Fit | null {
  if (!written.length || written.length > roster.length || roster.length > 6) return null;
  let best: Fit | null = null;
  const used = new Array<boolean>(roster.length).fill(false);
  const walk = (i: number, edits: number, initials: number) => {
    if (edits > 1) return;
    if (i === written.length) {
      const fit = { edits, initials, skipped: roster.length - written.length };
      if (!best || rank(fit) < rank(best)) best = fit;
      return;
    }
    for (let j = 0; j < roster.length; j++) {
      if (used[j]) continue;
      const cost = wordCost(written[i]!, roster[j]!);
      if (!Number.isFinite(cost.edits)) continue;
      used[j] = true;
      walk(i + 1, edits + cost.edits, initials + (cost.initial ? 1 : 0));
      used[j] = false;
    }
  };
  walk(0, 0, 0);
  return best;
}

const rank = (fit: Fit) => fit.edits * 4 + fit.initials * 2 + fit.skipped;

/**
 * Whether the written name is this roster name up to accents, word order, initials, left-out middle names and
 * one misread letter. A single written word (a first name alone) is never enough: classes share first names.
 */
function strongFit(written: string[], roster: string[]): Fit | null {
  if (written.length < 2 && roster.length < 2) return null;
  // A name split or joined differently ("O Brien", "OBrien", "Mary Ann"/"Maryann") is the same letters.
  if (written.join("") === roster.join("")) return { edits: 0, initials: 0, skipped: 0 };
  if (written.length < 2) return null;
  const fit = bestFit(written, roster);
  if (!fit) return null;
  // Every word an initial says too little ("J. S."), and a middle name left out needs the rest spelt exactly.
  if (fit.initials >= written.length || (fit.skipped > 0 && fit.edits > 0)) return null;
  return fit;
}

/** A 0..1 likeness for ranking candidates: shared words, then letters. */
export function nameLikeness(a: string, b: string): number {
  const x = nameWords(a);
  const y = nameWords(b);
  if (!x.length || !y.length) return 0;
  const fit = strongFit(x, y) ?? strongFit(y, x);
  if (fit) return Math.round((1 - rank(fit) * 0.04) * 100) / 100;
  const shared = x.filter((w) => y.some((v) => v === w || (w.length > 1 && v.startsWith(w)) || (v.length > 1 && w.startsWith(v)))).length;
  const words = shared / Math.max(x.length, y.length);
  const joinedX = [...x].sort().join(" ");
  const joinedY = [...y].sort().join(" ");
  const letters = 1 - editDistance(joinedX, joinedY) / Math.max(joinedX.length, joinedY.length);
  return Math.round(Math.min(0.85, Math.max(words, letters)) * 100) / 100;
}

/**
 * Links a written name to the roster: the one student whose name fits best, when no other fits as well.
 * Two students who fit equally (twins written by initial, a misread letter between two names) link neither.
 */
export function matchRoster(written: string, roster: readonly RosterStudent[], limit = 3): RosterMatch {
  const words = nameWords(written);
  const fits = roster
    .map((student) => ({ student, fit: strongFit(words, nameWords(student.name)) }))
    .filter((f): f is { student: RosterStudent; fit: Fit } => f.fit !== null)
    .sort((a, b) => rank(a.fit) - rank(b.fit));
  const clear = fits.length > 0 && (fits.length === 1 || rank(fits[0]!.fit) < rank(fits[1]!.fit)) ? fits[0]!.student : null;
  const candidates = roster
    .map((s) => ({ id: s.id, name: s.name, score: nameLikeness(written, s.name) }))
    .filter((s) => s.score >= 0.4)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit);
  return { student: clear ? { id: clear.id, name: clear.name } : null, candidates };
}
