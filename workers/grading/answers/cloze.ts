// A cloze passage (docs/decisions/0111): the questions are sentences run on as a paragraph, each with a numbered
// blank inside it ("3/4 written as a percent is (2) ______."), two or three blanks to a line. No line starts with a
// question's number, so none was found. Where a page has three numbered blanks or more in turn, one of them inside a
// line, the passage is rewritten as one line a blank: its number, the words before it since the last blank (the
// question), and what was written on it (the answer).
import { wordsOf, type TextLine } from "./layout";

type Word = NonNullable<TextLine["words"]>[number];

/** A blank's number in brackets, a word of its own or read together with the words round it ("is(5)", "(11)99"). */
const MARKER = /^(.*?)\((\d{1,2})\)(.*)$/;
/** A word that is a blank's number alone. */
const BLANK_NUMBER = /^\((\d{1,2})\)$/;
/** At least this many blanks, numbered in turn, make a passage. */
const MIN_BLANKS = 3;
/** On a page read alone, a word this many text heights or more past a blank's number is not written on the blank. */
const EMPTY = 4;
/** A word read again: this share of its width or more within a longer word's box. */
const REREAD = 0.6;
/** A number's pieces are at most this many text heights apart. */
const PIECES = 0.5;
/** A unit written after a number on a blank ("25 cm"): short letters, or a percent sign. */
const UNIT = /^(?:[a-zµ]{1,3}\.?|%)$/i;

interface Blank {
  line: number;
  at: number;
  n: number;
}

/** The passage's lines rewritten one a blank; the lines before and after it as they were. No passage: `lines`. */
export function clozeBlanks<T extends TextLine>(lines: readonly T[]): T[] {
  const words = misreadMarkers(lines.map((l) => splitMarkers(wordsOf(l))));
  const blanks: Blank[] = [];
  words.forEach((ws, line) =>
    ws.forEach((w, at) => {
      const m = BLANK_NUMBER.exec(w.text);
      if (m) blanks.push({ line, at, n: Number(m[1]) });
    }),
  );
  const inTurn = blanks.every((b, k) => k === 0 || b.n > blanks[k - 1]!.n);
  if (blanks.length < MIN_BLANKS || !inTurn || !blanks.some((b) => b.at > 0)) return [...lines];
  const out: T[] = lines.slice(0, blanks[0]!.line);
  // Where the next question's words start: after the last blank's answer.
  let from = { line: blanks[0]!.line, at: 0 };
  for (const [k, blank] of blanks.entries()) {
    const source = lines[blank.line]!;
    const ws = words[blank.line]!;
    const next = blanks[k + 1];
    const limit = next && next.line === blank.line ? next.at : ws.length;
    // On a template, the student's words after the number; where none are (a word read across the number and the
    // answer, "1101425", is neither print nor theirs), what a page read alone would take.
    const onTemplate = source.student !== undefined;
    const theirs = onTemplate ? writtenOnTemplate(ws, blank.at + 1, limit, source.written ?? source.student ?? "") : undefined;
    const found = theirs?.words.length ? theirs : writtenAlone(ws, blank.at + 1, limit);
    const answer = { ...found, words: withoutRereadings(found.words) };
    const question: Word[] = [];
    for (let line = from.line; line <= blank.line; line++)
      question.push(...words[line]!.slice(line === from.line ? from.at : 0, line === blank.line ? blank.at : undefined));
    const label: Word = { ...ws[blank.at]!, text: `${blank.n}.` };
    // A number's pieces spelled as one ("8." "2": 8.2); the sentence's full stop read with the answer left out.
    const said = answer.words
      .map((w, i) => (i && !continues(answer.words[i - 1]!, w) ? ` ${w.text}` : w.text))
      .join("")
      .replace(/(?<=\S)\.$/, "");
    const asked = question.map((w) => w.text).join(" ");
    const text = onTemplate ? `${label.text} ${asked} ${said}` : `${label.text} ${asked} Answer: ${said}`;
    out.push({
      ...source,
      text: text.replace(/\s+/g, " ").trim(),
      words: [label, ...question, ...(onTemplate ? [] : [{ text: "Answer:", confidence: 1 }]), ...answer.words],
      ...(onTemplate ? { student: said, written: said } : {}),
    });
    from = { line: blank.line, at: answer.end };
  }
  // The rest of the passage's last line (the sentence's end) is print; the lines after it stand as they were.
  return [...out, ...lines.slice(from.line + 1)];
}

/**
 * The words without one read again inside another over the same ink ("5" within "5/2", both kept by the reader):
 * a word whose box lies mostly within a longer word's, its text part of that word's.
 */
function withoutRereadings(words: readonly Word[]): Word[] {
  const inside = (a: Word, b: Word) => {
    if (!a.bbox || !b.bbox || a === b || a.text.length >= b.text.length || !b.text.includes(a.text)) return false;
    const overlap = Math.min(a.bbox.x + a.bbox.width, b.bbox.x + b.bbox.width) - Math.max(a.bbox.x, b.bbox.x);
    return overlap >= REREAD * a.bbox.width;
  };
  return words.filter((a) => !words.some((b) => inside(a, b)));
}

/** Words with a blank's number read together with their neighbours cut in two or three (each keeps the box read). */
function splitMarkers(words: Word[]): Word[] {
  return words.flatMap((w) => {
    const m = MARKER.exec(w.text);
    if (!m || (!m[1] && !m[3])) return [w];
    const [, before, n, after] = m as unknown as [string, string, string, string];
    const parts = [...(before ? [part(w, before)] : []), part(w, `(${n})`), ...(after ? [part(w, after)] : [])];
    for (const part of parts) readAs.set(part, w.text);
    return parts;
  });
}

/**
 * A blank's number whose brackets were read as ones, read together with the answer after it ("1101415" for "(10) 415"):
 * taken for the number when it is the next one due after a number read as such.
 */
function misreadMarkers(lines: Word[][]): Word[][] {
  let due = 0;
  return lines.map((ws) =>
    ws.flatMap((w) => {
      const marker = BLANK_NUMBER.exec(w.text);
      if (marker) due = Number(marker[1]) + 1;
      const m = due > 1 ? new RegExp(`^[1l|(]${due}[1l|)](.+)$`).exec(w.text) : null;
      if (!m) return [w];
      const parts = [part(w, `(${due})`), part(w, m[1]!)];
      for (const part of parts) readAs.set(part, w.text);
      due++;
      return parts;
    }),
  );
}

/** A part of a word read across a blank's number: its box, none of the handwriting reader's readings of the whole. */
function part(word: Word, text: string): Word {
  const { text: _whole, alternatives: _readings, ...rest } = word as Word & { alternatives?: unknown };
  return { ...rest, text };
}

/** A part of a word cut at a blank's number, and the word as read (the student's on a template, or not). */
const readAs = new WeakMap<Word, string>();

/**
 * What a child wrote on a blank, on a page read alone: the first word after its number (a lone mark before it, "-",
 * ":", left out), with a unit after a number ("25 cm"); a word that ends the sentence ("4/8.") ends it too.
 */
function writtenAlone(ws: readonly Word[], start: number, limit: number): { words: Word[]; end: number } {
  let at = start;
  while (at < limit && !/[\p{L}\p{N}]/u.test(ws[at]!.text)) at++;
  if (at >= limit) return { words: [], end: at };
  // A blank left empty: the next words are the next sentence's, printed past the blank's line.
  const [label, first] = [ws[start - 1]!.bbox, ws[at]!.bbox];
  if (label && first && first.x - (label.x + label.width) > EMPTY * label.height) return { words: [], end: start };
  // A word read again within the next is not the answer's start ("5" over "5/2").
  const kept = withoutRereadings(ws.slice(at, limit));
  const taken = kept.slice(0, 1);
  at = ws.indexOf(kept[0]!) + 1;
  // A number read in pieces ("8." and "2", "1/" and "2"), then a unit after it ("25 cm").
  for (; at < limit && continues(taken.at(-1)!, ws[at]!); at++) taken.push(ws[at]!);
  for (; at < limit && /\d$/.test(taken.at(-1)!.text) && UNIT.test(ws[at]!.text); at++) taken.push(ws[at]!);
  // The sentence's full stop after the blank.
  if (at < limit && ws[at]!.text === ".") at++;
  return { words: taken, end: at };
}

/**
 * Whether `next` goes on the number `word` is, read in pieces close by: after its point or bar ("8." "2"), or as them
 * (".5", "/2"). Words without boxes (typed text) are never pieces.
 */
function continues(word: Word, next: Word): boolean {
  const joins = (/^\d+[./]$/.test(word.text) && /^\d/.test(next.text)) || (/^\d+$/.test(word.text) && /^[./]\d/.test(next.text));
  if (!joins || !word.bbox || !next.bbox) return false;
  return next.bbox.x - (word.bbox.x + word.bbox.width) <= PIECES * word.bbox.height;
}

/** What a child wrote on a blank, on a page registered on the worksheet's template: the line's student words after its number. */
function writtenOnTemplate(ws: readonly Word[], start: number, limit: number, student: string): { words: Word[]; end: number } {
  const written = new Set(student.split(/\s+/).filter(Boolean));
  const theirs = (w: Word) => written.has(w.text) || written.has(readAs.get(w) ?? "");
  let at = start;
  while (at < limit && !theirs(ws[at]!) && !/[\p{L}\p{N}]/u.test(ws[at]!.text)) at++;
  const taken: Word[] = [];
  for (; at < limit && theirs(ws[at]!); at++) taken.push(ws[at]!);
  if (at < limit && ws[at]!.text === ".") at++;
  return { words: taken, end: taken.length ? at : start };
}
