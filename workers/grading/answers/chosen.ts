// An option the student circled or ticked (reading/ocr/circled.ts marks the words a loop of their pen closed in,
// reading/ocr/ticked.ts those beside a box they ticked): the answer is the option's letter, as if written.
// "A) iron  B) water  (C) salt)  D) sand" answers C, so does "☑ C) salt" on a line of its own; chosen words of two
// options answer both letters (a careful teacher gives no mark for two options); circled words on a line of options
// without letters ("True  False") answer those words.
import { OPTION_LABEL, QUESTION_LABEL } from "./template";
import { unionOf, type TextLine } from "./layout";
import type { ReadWord } from "../reading/types";

/** An option's label starting a word, read with or without its stop ("C)", "(c)", "C)salt"), and its letter. */
const LABEL_START = /^\(?([A-Ha-h])[).]/;

type Word = { text: string } & Pick<ReadWord, "chosen">;

/** The answer a line's chosen words give, when any is chosen (`lettered`: only on a line of lettered options). */
export function chosenOption(words: readonly Word[] | undefined, lettered = false): string | undefined {
  if (!words?.some((w) => w.chosen)) return undefined;
  const labels = words.map((w, i) => {
    const start = LABEL_START.exec(w.text)?.[1];
    // A lone capital before an option's words is a label whose stop was lost ("A) lungs B liver C) heart"), or
    // before its own label, the label read twice ("C C) pentagon").
    const next = words[i + 1]?.text ?? "";
    const lost = /^[A-H]$/.test(w.text) && !!next && (!OPTION_LABEL.test(next) || LABEL_START.exec(next)?.[1] === w.text);
    return start ?? (lost ? w.text : undefined);
  });
  // Options on one line have two labels or more; an option on a line of its own starts with its label ("C) salt").
  const first = words.findIndex((w) => w.chosen);
  const labelled = labels.filter(Boolean).length >= 2 || (first === 0 && !!LABEL_START.exec(words[0]!.text));
  if (!labelled && lettered) return undefined;
  // Chosen words without letters ("True  False"), a question's label left out (a circled "5." is no answer).
  if (!labelled)
    return (
      words
        .filter((w) => w.chosen && !QUESTION_LABEL.test(w.text))
        .map((w) => w.text)
        .join(" ") || undefined
    );
  // Each chosen word's option: the label at it or the nearest before it.
  const letters = new Set<string>();
  words.forEach((w, i) => {
    if (!w.chosen) return;
    const label = labels.slice(0, i + 1).findLast(Boolean);
    if (label) letters.add(label.toUpperCase());
  });
  return letters.size ? [...letters].sort().join(", ") : undefined;
}

/**
 * The answer line an option chosen on a page read alone stands for ("Answer: C", under the options' line): none when
 * nothing on `line` is chosen, or the line is no lettered options' (without a template, circled words elsewhere may
 * be the child's own answer, circled: it is read where it stands). Its letter stands where the chosen words do: the
 * answer's crop shows the loop or the box.
 */
export function chosenAnswer(line: TextLine): TextLine[] {
  const chosen = chosenOption(line.words, true);
  if (!chosen) return [];
  const marked = line.words!.filter((w) => w.chosen);
  const confidence = Math.min(...marked.map((w) => w.confidence));
  const boxes = marked.flatMap((w) => (w.bbox ? [w.bbox] : []));
  const bbox = boxes.length ? unionOf(boxes) : undefined;
  const words = [
    { text: "Answer:", confidence: 1 },
    { text: chosen, confidence, bbox, chosen: marked[0]!.chosen },
  ];
  return [{ text: `Answer: ${chosen}`, confidence, words, page: line.page }];
}
