// Where each answer is on its page: the boxes of the words that spell it, for the crop the teacher checks the mark
// against (issue 30, step 7). Pages read from a text layer or a hosted model's transcript have no usable boxes.
import type { AnswerRegion } from "../../../core/grading/result";
import type { BoundingBox, ReadWord } from "../reading/types";
import type { StudentAnswer, TextLine } from "./student-work";
import { unionOf } from "./layout";

type BoxedWord = { text: string; confidence: number; bbox: BoundingBox } & Pick<ReadWord, "chosen">;

/** A ticked option's crop reaches this many text heights left of its words: the printed box and a tick over it. */
const TICK_BOX = 2.5;
/** A filled bubble's crop reaches as far left, and this many text heights below: its row under the options. */
const BUBBLE_ROW = 2.2;

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * The words of a line that spell the answer: an option's chosen words (answers/chosen.ts), the run of words that
 * spells it exactly (an answer in a blank inside a sentence, or after "="), else every word that is part of it,
 * else the student's words on a registered page, else the whole line.
 */
export function answerWords(line: TextLine, answer: string): BoxedWord[] {
  const words = (line.words ?? []).filter((w): w is BoxedWord => !!w.bbox && w.bbox.width > 0 && w.bbox.height > 0);
  if (!words.length) return [];
  const chosen = words.filter((w) => w.chosen);
  if (chosen.length) return chosen;
  const wanted = letters(answer);
  if (wanted) {
    for (let start = words.length - 1; start >= 0; start--) {
      let spelled = "";
      for (let end = start; end < words.length && spelled.length < wanted.length; end++) {
        spelled += letters(words[end].text);
        if (spelled === wanted) return words.slice(start, end + 1);
      }
    }
    const parts = words.filter((w) => letters(w.text).length > 0 && wanted.includes(letters(w.text)));
    if (parts.length) return parts;
  }
  const student = new Set((line.student ?? "").split(/\s+/).filter(Boolean));
  const theirs = words.filter((w) => student.has(w.text));
  return theirs.length ? theirs : words;
}

/**
 * The answer's box on its page, with a margin so the ink is not cut at its edges: half a text height on either side,
 * a quarter above and below (more would take in the printed lines around it).
 */
export function answerRegion(lines: TextLine[], answer: StudentAnswer | undefined): AnswerRegion | null {
  if (!answer?.answer) return null;
  const line = lines[answer.line];
  if (!line?.page) return null;
  const words = answerWords(line, answer.answer);
  if (!words.length) return null;
  const box = unionOf(words.map((w) => w.bbox));
  const height = Math.max(...words.map((w) => w.bbox.height));
  // A circled option's crop takes in the student's loop around it, above and below the words too; a ticked one's,
  // the box before it and the tick reaching out of it; a filled one's, its bubble before it or its row below.
  const chosen = words.find((w) => w.chosen)?.chosen;
  const [side, top] = [Math.round(height / 2), Math.round(height / (chosen ? 2 : 4))];
  const before = chosen === "ticked" || chosen === "filled" ? TICK_BOX * height : side;
  const below = chosen === "filled" ? Math.round(BUBBLE_ROW * height) : top;
  return {
    page: line.page,
    x: Math.max(0, Math.round(box.x - before)),
    y: Math.max(0, box.y - top),
    width: Math.round(box.width + before + side),
    height: box.height + top + below,
  };
}
