// A class set read as a set (docs/decisions/0038): the worksheet's printed template is what recurs at the same
// place on most pages of one assignment; what varies is the students'. Each page is registered onto the
// template (an affine map fitted on the printed words both share, robust to a photo's tilt, scale and crop),
// and every word the page shares with the template at that place is printed: never an answer.
import {
  boxOf,
  mappedBounds,
  median,
  pageWords,
  register,
  textHeight,
  wordPoint,
  type Affine,
  type Bounds,
  type WordPoint,
} from "../reading/registration";
import type { PageReading, PrintedLayout, ReadWord } from "../reading/types";
import type { AnswerPlaces } from "./answer-places";
import { levenshtein } from "../values/spelling";
import { strays, zonesOf } from "./answer-zones";

/** The printed words of a worksheet, in the frame of the page it was found on (see PrintedLayout). */
export interface WorksheetTemplate extends PrintedLayout {
  version: 1;
  /** Pages it was found from. */
  pages: number;
  /** Median registration error of those pages, in text heights. */
  residual: number;
  /** The id of the teacher's blank worksheet it was taken from: settled at once, never found again from pages. */
  blank?: string;
}

const MIN_PAGES = 3;
/** Fewer printed words than this do not make a worksheet (nor register a page). */
const MIN_PRINTED = 4;
/** A blank worksheet reads as a page of text: a few stray words (a photo of something else) are not one. */
const MIN_BLANK_WORDS = 10;
/** Share of the other pages a word must recur on, at its place, to be printed. */
const RECUR = 0.7;
/** How far (in text heights) a word may sit from its template place and still be the printed word. */
const NEAR_X = 1.2;
const NEAR_Y = 0.5;

/** Printed text is typeset: on every page of the set it sits where the template has it, to the registration's error. */
const SAME_PLACE = 0.5;

function near(a: { x: number; y: number }, b: { x: number; y: number }, height: number, tight = false): boolean {
  const k = tight ? SAME_PLACE : 1;
  return Math.abs(a.x - b.x) <= k * NEAR_X * height && Math.abs(a.y - b.y) <= k * NEAR_Y * height;
}

/**
 * A number that is part of its line's question, wherever a key answer reads the same: the question's label
 * starting the line ("5." when 5 is an answer), or an operand the line goes on after to its "=" ("12 × 8 =") or to
 * a question mark ("Which is larger: 0.7 or 0.65?"). Only where the grader found no answer (answer-places.ts).
 */
function partOfQuestion(words: readonly { text: string }[], j: number): boolean {
  const text = words[j]!.text;
  if (!/\d/.test(text) || j === words.length - 1) return false;
  if (j === 0 && /^\(?\d{1,3}[.)]$/.test(text)) return true;
  return words.slice(j + 1).some((w) => w.text === "=") || words.at(-1)!.text.endsWith("?");
}

/**
 * An option's label read without its stop ("A) lungs B liver C) heart"): a lone capital between options, on a line of
 * two labelled options or more, an option's words after it. Printed, though it reads as a key's letter.
 */
function lostStop(words: readonly { text: string }[], j: number): boolean {
  const next = words[j + 1]?.text;
  return (
    /^[A-H]$/.test(words[j]!.text) &&
    j > 0 &&
    !!next &&
    /\p{L}/u.test(next) &&
    !OPTION_LABEL.test(next) &&
    words.filter((w) => OPTION_LABEL.test(w.text)).length >= 2
  );
}

/** A question's printed label: its number and stop ("2.", "11)"), or "Q" and its number ("Q7"). */
export const QUESTION_LABEL = /^(?:\d{1,3}[.)]|Q\d{1,3}[.):]?)$/i;

/** An option's label: a letter and its stop ("C)", "K.", "(b)"). */
export const OPTION_LABEL = /^\(?[a-z][).]$/i;

/** Two longer words one letter apart: a misread, not another word (digits are left alone: "431" is not "421"). */
const misread = (a: string, b: string) => a.length >= 4 && b.length >= 4 && !/\d/.test(a + b) && levenshtein(a, b) === 1;

/** A word's letters and digits and where it lies, in a common frame. */
interface Ink {
  alnum: string;
  x: number;
  y: number;
  box: Bounds;
}

/** A word's letters and digits; a "×" counts as the x it is often read as ("5 x 12?" on one page, "5 × 12?" on another). */
const alnum = (text: string) =>
  text
    .toLowerCase()
    .replace(/×/g, "x")
    .replace(/[^\p{L}\p{N}]+/gu, "");

function inkOf(word: ReadWord, map?: Affine): Ink {
  const box = mappedBounds(word.bbox, map);
  return { alnum: alnum(word.text), x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2, box };
}

/** A word's centre inside another's span, on the same line (centres a third of a text height apart at most). */
const within = (p: Ink, o: Ink, height: number) =>
  p.x >= o.box.left - 0.3 * height && p.x <= o.box.right + 0.3 * height && Math.abs(p.y - o.y) <= 0.3 * height;

/**
 * Whether the same printed text lies at this word's place among `others`: the same word, or the reader having
 * joined or split it differently there ("B)Europe" on one page, "B)" "Europe" on another).
 */
function inkAt(word: Ink, others: Ink[], height: number, tight = false, slips = false): boolean {
  if (!word.alnum) return false;
  if (others.some((o) => o.alnum === word.alnum && near(o, word, height, tight))) return true;
  // One letter read differently, at the printed word's very place, is that word: the template may come from one
  // reading (a blank worksheet's "keps" for "keeps"), and a page's reading may slip a letter too.
  if (slips && others.some((o) => misread(o.alnum, word.alnum) && near(o, word, height, true))) return true;
  if (others.some((o) => o.alnum.length > word.alnum.length && o.alnum.includes(word.alnum) && within(word, o, height))) return true;
  const parts = others.filter((o) => o.alnum && within(o, word, height)).sort((a, b) => a.x - b.x);
  return parts.length > 1 && parts.map((o) => o.alnum).join("") === word.alnum;
}

/**
 * The template of a set of pages of one worksheet, or null when there are too few pages or they are not one
 * worksheet. `answers` are the key's answers: a word that is a key answer is the students', however many wrote it.
 * `placesOf` tells where a page read alone has its answers (answer-places.ts; passed in, as it grades with
 * student-work.ts, which imports this module).
 */
export function findTemplate<P extends Pick<PageReading, "lines">>(
  pages: P[],
  answers: string[] = [],
  placesOf?: (page: P) => AnswerPlaces,
): WorksheetTemplate | null {
  const read = pages.map((page) => ({ page, points: pageWords(page).map(wordPoint) })).filter((r) => r.points.length >= 4);
  if (read.length < MIN_PAGES) return null;
  // A word that reads as one of the key's answers is the students', however many wrote it at the same place
  // (and however it was read: "2.5%" for 25%), unless it is an option's label.
  const loose = (text: string) => text.toLowerCase().replace(/[\s.,]+/g, "");
  // So is the number of a key answer of several words ("250" of "250 cm"): students write it without the unit.
  const numbers = answers.flatMap((a) =>
    /\s/.test(a.trim())
      ? a
          .trim()
          .split(/\s+/)
          .filter((t) => /\d/.test(t))
      : [],
  );
  const keyWords = new Set([...answers, ...numbers].map(loose).filter(Boolean));

  // The reference is the page with the median number of words: neither a blank copy nor the wordiest.
  const order = read.map((r, i) => [r.points.length, i] as const).sort((a, b) => a[0] - b[0]);
  const refIndex = order[Math.floor(order.length / 2)]![1];
  const { page: refPage, points: reference } = read[refIndex]!;
  // Where the grader, reading the reference alone, finds each answer (answer-places.ts): those words are the
  // student's, a unanimous wrong answer too. A key answer found in no such place is the student's wherever it
  // stands, unless its question's answer is found elsewhere: then it is printed there ("0.7 or 0.65?").
  const places = placesOf?.(refPage);
  const refWords = refPage.lines.flatMap((l) => l.words);
  const inQuestion = new Set(refPage.lines.flatMap((l) => l.words.filter((_, j) => partOfQuestion(l.words, j) || lostStop(l.words, j))));
  const isAnswer = (w: WordPoint, i: number) =>
    !!places?.words.has(refWords[i]!) ||
    (keyWords.has(loose(w.raw ?? w.text)) &&
      // An option's label ("C)", "K."), printed on the sheet even when it is the key's letter.
      !OPTION_LABEL.test(refWords[i]!.text) &&
      !inQuestion.has(refWords[i]!) &&
      !places?.answeredElsewhere(w.raw ?? w.text));
  const height = textHeight(refPage);
  const refInk = pageWords(refPage).map((w) => inkOf(w));
  const registered = read.flatMap(({ page, points }, i) => {
    if (i === refIndex) return [];
    const fit = register(points, reference, height);
    const words = pageWords(page);
    return fit ? [{ page, words, ink: words.map((w) => inkOf(w, fit.map)), residual: fit.residual }] : [];
  });
  // Most pages must be this worksheet, or the set is mixed and each page is read alone.
  if (registered.length + 1 < MIN_PAGES || registered.length + 1 < 0.6 * read.length) return null;
  // A key answer of several words ("12 cm", "the sun") ending a line of the reference is the student's too: each
  // run of such words, by its first word's index.
  const endsInAnswer = new Map<number, number>();
  let at = 0;
  for (const line of refPage.lines) {
    const n = line.words.length;
    for (let k = 1; k <= Math.min(4, n); k++) {
      if (
        keyWords.has(
          loose(
            line.words
              .slice(n - k)
              .map((w) => w.text)
              .join(""),
          ),
        )
      )
        for (let j = n - k; j < n; j++) if (!endsInAnswer.has(at + j)) endsInAnswer.set(at + j, at + n - k);
    }
    at += n;
  }
  const needed = Math.max(2, Math.ceil(RECUR * registered.length));
  const recurring = (i: number) => registered.filter((r) => inkAt(refInk[i]!, r.ink, height, true));
  // Unless the word stays at its place on a page where the answer's first word does not: the unit printed after a
  // blank ("is the same as ____ cm.") that the reference's student filled with the number alone.
  const answerWord = (i: number) => {
    const first = endsInAnswer.get(i);
    if (first === undefined) return false;
    const pages = recurring(i);
    return first === i || pages.length < needed || pages.every((r) => inkAt(refInk[first]!, r.ink, height, true));
  };
  const printed = new Set<WordPoint>(
    reference.filter((w, i) => w.text && !isAnswer(w, i) && !answerWord(i) && recurring(i).length >= needed),
  );
  if (printed.size < MIN_PRINTED) return null;
  // The reference's printed words, and the punctuation between them (never a student's name or answer).
  const words: ReadWord[] = pageWords(refPage)
    .map(({ text, confidence, bbox }, i) => ({ word: { text, confidence, bbox }, point: reference[i]! }))
    .filter(({ point }) => printed.has(point) || !point.text)
    .map(({ word }) => word);
  // What the reference misread or lost ("ach" for "each", a word its reader missed on a phone snap): a word that
  // recurs at its place on most of the other pages, where the template has nothing, is printed too. Not a key
  // answer nor a word of one ("cm" of "850 cm"), and not where the reference or its own page has an answer (a
  // unanimous answer the reference left out).
  const keyParts = new Set(answers.flatMap((a) => a.trim().split(/\s+/).slice(1)).map(loose));
  // Every word the template keeps, its punctuation too: a "×" is punctuation to registration but the x it is often
  // read as to ink, and another page's "×" at its place is not a word the reference lost.
  const printedInk = reference.flatMap((w, i) => (printed.has(w) || !w.text ? [refInk[i]!] : []));
  const answerHere = (ink: Ink) => refInk.some((o, i) => near(o, ink, height, true) && (isAnswer(reference[i]!, i) || answerWord(i)));
  // Where each registered page, read alone, has its answers (answer-places.ts): word by word, in pageWords' order.
  const answeredAt = registered.map((r) => {
    const own = placesOf?.(r.page);
    return r.page.lines.flatMap((l) => l.words).map((w) => !!own?.words.has(w));
  });
  registered.forEach((r, k) => {
    r.ink.forEach((ink, j) => {
      const word = r.words[j]!;
      if (!ink.alnum || keyWords.has(loose(word.text)) || keyParts.has(loose(word.text)) || answeredAt[k]![j]) return;
      if (inkAt(ink, printedInk, height, true, true) || answerHere(ink)) return;
      // Found on this page and on most of the others (the reference lacks it), one letter read differently allowed.
      // The same word: not a part of a longer one ("50" inside "850"), which another student may have written there.
      const same = (o: Ink) => (o.alnum === ink.alnum || misread(o.alnum, ink.alnum)) && near(o, ink, height, true);
      const support = 1 + registered.filter((o, m) => m !== k && o.ink.some(same)).length;
      if (support < Math.max(2, needed - 1)) return;
      words.push({ text: word.text, confidence: word.confidence, bbox: boxOf(ink.box) });
      printedInk.push(ink);
    });
  });
  const answered = [
    refInk.filter((_, i) => places?.words.has(refWords[i]!)).map((ink) => ink.box),
    ...registered.map((r, k) => r.ink.filter((_, j) => answeredAt[k]![j]).map((ink) => ink.box)),
  ];
  const answerZones = zonesOf(answered, height);
  return {
    version: 1,
    words,
    textHeight: height,
    pages: registered.length + 1,
    residual: median(registered.map((r) => r.residual)),
    ...(answerZones.length ? { answerZones } : {}),
  };
}

/**
 * The template of a blank worksheet (docs/decisions/0041): every word of the unfilled page is printed, in that
 * page's frame. Null when the page holds too little text to register photos onto (not a worksheet, unreadable).
 * A key answer printed on the sheet (an option "C) Africa") stays print; where a student writes it instead, at
 * another place, it is theirs (studentWords compares places), and grade.ts reads alone a page the template empties.
 */
export function blankTemplate(page: Pick<PageReading, "lines">, fileId: string): WorksheetTemplate | null {
  const words = pageWords(page).map(({ text, confidence, bbox }) => ({ text, confidence, bbox }));
  if (words.map(wordPoint).filter((p) => p.text).length < MIN_BLANK_WORDS) return null;
  return { version: 1, words, textHeight: textHeight(page), pages: 1, residual: 0, blank: fileId };
}

/** The template's printed words as points (punctuation left out), for registering and comparing. */
export function templatePoints(template: PrintedLayout): WordPoint[] {
  return template.words.map(wordPoint).filter((p) => p.text);
}

/**
 * Registers a page onto the template and tells the student's words from the printed ones: the words the template
 * does not have at that place. Null when the page is not this worksheet (it is then read alone).
 */
export function studentWords(
  template: WorksheetTemplate,
  page: Pick<PageReading, "lines">,
): {
  words: Set<ReadWord>;
  joined: Map<ReadWord, [ReadWord, ReadWord]>;
  relabelled: Map<ReadWord, ReadWord>;
  residual: number;
} | null {
  const printed = templatePoints(template);
  const fit = register(pageWords(page).map(wordPoint), printed, textHeight(page));
  if (!fit) return null;
  const templateInk = template.words.map((w) => ({ word: w, ink: inkOf(w) }));
  const inks = templateInk.map((t) => t.ink);
  const student = new Set<ReadWord>();
  const joined = new Map<ReadWord, [ReadWord, ReadWord]>();
  const relabelled = new Map<ReadWord, ReadWord>();
  for (const line of page.lines)
    for (const w of line.words) {
      const ink = inkOf(w, fit.map);
      if (!ink.alnum || inkAt(ink, inks, template.textHeight)) continue;
      const parts = printedThenStudent(w, ink, templateInk, template.textHeight);
      // A printed word with one letter more is print read with a slip, unless the letter is of another kind than
      // the word's end: an answer written close after a label ("AnswerC", "Answer7").
      const slip = inkAt(ink, inks, template.textHeight, false, true);
      if (slip && !(parts && seam(parts[0].text, parts[1].text))) continue;
      const label = slip ? undefined : misreadLabel(w, ink, templateInk, template.textHeight);
      if (label) {
        relabelled.set(w, label);
        continue;
      }
      if (parts) joined.set(w, parts);
      student.add(parts?.[1] ?? w);
    }
  for (const stray of strays(template, page, student, fit.map)) student.delete(stray);
  return { words: student, joined, relabelled, residual: fit.residual };
}

/**
 * A question's printed label misread at its very place ("2." read ",7" on a photo): no student writes over print, so
 * a short word no wider than the label, centred on it, is the label, and the line keeps its question's number.
 */
function misreadLabel(word: ReadWord, ink: Ink, template: { word: ReadWord; ink: Ink }[], height: number): ReadWord | undefined {
  if (ink.alnum.length > 3) return undefined;
  const near = (t: Ink) => Math.abs(t.x - ink.x) <= SAME_PLACE * height && Math.abs(t.y - ink.y) <= SAME_PLACE * height;
  const label = template.find(
    (t) =>
      QUESTION_LABEL.test(t.word.text) &&
      near(t.ink) &&
      ink.box.right - ink.box.left <= t.ink.box.right - t.ink.box.left + SAME_PLACE * height,
  );
  return label && { ...word, text: label.word.text, printed: true };
}

/** A word's printed part ends in a small letter and the rest starts with a capital or a digit, or a digit ends it. */
function seam(printed: string, rest: string): boolean {
  const end = printed.match(/[\p{L}\p{N}](?=[^\p{L}\p{N}]*$)/u)?.[0] ?? "";
  const start = rest.match(/[\p{L}\p{N}]/u)?.[0] ?? "";
  return (/\p{Ll}/u.test(end) && /[\p{Lu}\p{N}]/u.test(start)) || (/\p{N}/u.test(end) && /\p{L}/u.test(start));
}

/** Where `printed` ends at the start of `text`, its letters and digits the same; 0 when it does not start it. */
function printedEnd(text: string, printed: string): number {
  if (text.startsWith(printed)) return printed.length;
  const want = alnum(printed);
  let at = 0;
  while (at < text.length && alnum(text.slice(0, at)) !== want) at++;
  if (alnum(text.slice(0, at)) !== want) return 0;
  // The printed word's closing marks ("11?", "Answer:") go with it.
  const tail = printed.replace(/^.*[\p{L}\p{N}]/u, "");
  while (at < text.length && tail.includes(text[at]!)) at++;
  return at;
}

/**
 * A page word that starts with a printed word at its very place and goes on with the student's ink ("11?88": the
 * question's "11?" and a child's "88" written close after it, read as one word): its printed and student parts,
 * cut where the printed word ends. The readers' alternatives stay with neither: they read print and ink as one.
 */
function printedThenStudent(
  word: ReadWord,
  ink: Ink,
  template: { word: ReadWord; ink: Ink }[],
  height: number,
): [ReadWord, ReadWord] | undefined {
  for (const t of template) {
    if (!t.ink.alnum || t.ink.alnum.length >= ink.alnum.length || !ink.alnum.startsWith(t.ink.alnum)) continue;
    if (Math.abs(t.ink.box.left - ink.box.left) > SAME_PLACE * height || Math.abs(t.ink.y - ink.y) > SAME_PLACE * height) continue;
    const end = printedEnd(word.text, t.word.text);
    const rest = word.text.slice(end).trim();
    if (!end || !alnum(rest)) continue;
    const share = Math.min(0.9, Math.max(0.1, (t.ink.box.right - ink.box.left) / (ink.box.right - ink.box.left || 1)));
    const { x, y, width, height: h } = word.bbox;
    const cut = width * share;
    return [
      { text: word.text.slice(0, end), confidence: word.confidence, bbox: { x, y, width: cut, height: h }, printed: true },
      { text: rest, confidence: word.confidence, bbox: { x: x + cut, y, width: width - cut, height: h } },
    ];
  }
  return undefined;
}
