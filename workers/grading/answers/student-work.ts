// Finding each question's answer in what was read from the student's pages.
import { QUESTION_NUMBER, type AnswerKey } from "./answer-key";
import type { TextLine } from "./layout";

export type { TextLine } from "./layout";
import type { DocumentReading } from "../reading/types";
import { readingLines } from "./reading-lines";
import { fixArithmeticDigits, fixAnswerLabel, fixLetterO, fixQuestionLabel } from "./misreads";
import { rowLabels, setApart } from "./rows";
import { onBlank, withPrintedUnit } from "./blanks";
import { answersBefore, withoutMovedAnswer } from "./answer-before";
import { BARE_LABEL, cleanAnswer, matchAnswerLine, NAME, splitQuestionLine, withoutStudent } from "./line-text";

export { fixLetterO } from "./misreads";
export { readingLines, typedLines } from "./reading-lines";

export interface StudentAnswer {
  number: number;
  /** The question's text as read, when it was on the page ("12 x 8 = ?"). */
  questionText?: string;
  answer: string;
  /** 0..1 reading confidence of the answer's own words (the line's when words are unknown). */
  readingConfidence: number;
  line: number;
  /** How the answer was found: after an `Answer:` label, inline on the question's line, or guessed. */
  source: "label" | "inline" | "guess";
  /**
   * How the answer was tied to its question: by its number on the page ("3." or "Answer 3:"), or guessed
   * from position (an unnumbered answer under an unread question number). Review flags weigh "guess" lower.
   */
  matchedBy: "number" | "question-text" | "guess";
}

export interface StudentWork {
  studentName?: string;
  answers: StudentAnswer[];
  /** Numbers answered more than once (the first non-empty answer is kept). */
  duplicates: number[];
}

/**
 * Confidence of an answer from its own words: the weakest of the line's last words that spell it
 * (answers end their line: after "Answer:", after "=", after "?"). The line's confidence otherwise.
 */
export function answerConfidence(line: TextLine, answer: string): number {
  const tokens = answer.split(/\s+/).filter(Boolean);
  if (!line.words?.length || !tokens.length) return line.confidence;
  const words = line.words.filter((w) => /[\p{L}\p{N}]/u.test(w.text));
  const mine = words.slice(-tokens.length);
  const spelled = mine.map((w) => w.text).join(" ");
  if (!mine.length || !spelled.includes(tokens.at(-1)!.replace(/[^\p{L}\p{N}]+$/u, ""))) return line.confidence;
  return Math.min(...mine.map((w) => w.confidence));
}

/**
 * A question number misread as another digit ("9." for a handwritten 4): in reading order the numbers run 3, 9, 5,
 * 4 is nowhere and 9 comes again. Only a number read twice is renumbered, to the one missing between its neighbours.
 */
export function numbersInSequence(numbers: (number | undefined)[], allowed: (n: number) => boolean): (number | undefined)[] {
  const out = [...numbers];
  const at = out.flatMap((n, i) => (n === undefined ? [] : [i]));
  at.forEach((i, k) => {
    const n = out[i]!;
    const previous = k > 0 ? out[at[k - 1]]! : 0;
    const next = k + 1 < at.length ? out[at[k + 1]] : undefined;
    const missing = previous + 1;
    if (n === missing || (next !== undefined && next !== missing + 1) || !allowed(missing)) return;
    if (out.includes(missing) || out.filter((m) => m === n).length < 2) return;
    out[i] = missing;
  });
  return out;
}

export function extractFromLines(lines: TextLine[], key?: AnswerKey): StudentWork {
  const keyNumbers = key ? new Set(key.questions.map((q) => q.number)) : undefined;
  const maxNumber = key ? Math.max(...key.questions.map((q) => q.number)) : 200;
  const firstNumber = key ? Math.min(...key.questions.map((q) => q.number)) : 1;
  const plausibleNumber = (n: number) => n >= 1 && n <= maxNumber && (!keyNumbers || keyNumbers.has(n));
  // Lines as read, their question labels repaired, a table's bare row numbers given their point, and an answer
  // written before its question's number ("K 2. Add 305 and 86.", "350 cm 3. How many…") moved after it.
  const labelled = lines.map((line) => fixAnswerLabel(fixQuestionLabel(line.text.trim())));
  const before = answersBefore(labelled, key);
  const texts = rowLabels(
    labelled.map((text, i) => (before[i] ? `${before[i].question} Answer: ${before[i].answer}` : text)),
    lines,
    plausibleNumber,
  );
  const letterLabel = /^\s*[SlIL|][.)]\s/;
  const relabelled = lines.map((line, i) => letterLabel.test(line.text) && !letterLabel.test(texts[i]!));
  const questionNumbers = numbersInSequence(
    texts.map((text) => {
      const numbered = !matchAnswerLine(text) && text.match(QUESTION_NUMBER);
      return numbered ? Number(numbered[1]) : undefined;
    }),
    plausibleNumber,
  );
  // A decimal written under its question ("8.0" under question 9) reads like a label: one whose point a digit follows,
  // no later than a question read before it, is an answer.
  const decimals = new Set(
    texts.flatMap((text, i) => {
      const n = questionNumbers[i];
      const before = questionNumbers.slice(0, i).filter((m) => m !== undefined);
      return n !== undefined && /^\s*\d{1,3}\.\d/.test(text) && before.some((m) => m >= n) ? [i] : [];
    }),
  );
  decimals.forEach((i) => (questionNumbers[i] = undefined));
  // A letter taken for a 1 or a 5 below where that question was read ("L. 1/5", a matching column's last option) is
  // the letter it reads as.
  relabelled.forEach((yes, i) => {
    if (!yes || !questionNumbers.slice(0, i).includes(questionNumbers[i])) return;
    texts[i] = lines[i]!.text.trim();
    questionNumbers[i] = undefined;
  });
  const found = new Map<number, StudentAnswer>();
  const duplicates = new Set<number>();
  let studentName: string | undefined;
  let current: StudentAnswer | undefined;
  let waitingForAnswer = false;

  const strength = { label: 2, inline: 1, guess: 0 } as const;
  const acceptedFor = (number: number) => key?.questions.find((q) => q.number === number)?.accepted.map((a) => a.raw) ?? [];
  // A question answered with a letter (an option's, a matching column's): a lettered entry ("K. 6/7") printed beside
  // or below it is one of the options, never what the child wrote.
  const letterKey = (number: number) => acceptedFor(number).some((a) => /^[A-Z]$/i.test(a.trim()));
  const optionEntry = (text: string) => /^\(?[A-Z][).]\s*\S/.test(text.trim());
  let unnumberedSinceCurrent = false;
  const record = (a: StudentAnswer) => {
    const existing = found.get(a.number);
    if (!existing || (!existing.answer && a.answer)) {
      found.set(a.number, { ...a, questionText: a.questionText ?? existing?.questionText });
    } else if (a.answer && existing.answer && strength[a.source] > strength[existing.source]) {
      // "7. What is 25% of 807" (its '?' misread) then "Answer: 20": the label wins over the guess.
      found.set(a.number, { ...a, questionText: existing.questionText ?? existing.answer });
    } else if (a.answer && existing.answer && strength[a.source] === strength[existing.source]) {
      duplicates.add(a.number);
    }
    current = found.get(a.number);
    unnumberedSinceCurrent = false;
  };

  /**
   * A line of a page registered on the worksheet's template: the printed words are never an answer (options on
   * their own line, a wrapped question, an empty "Answer:" label) and the student's words are, wherever on the
   * line they were written (after "=", in a blank inside a sentence, in a box). False leaves the line to the
   * rules for pages read alone: the student's words outside the known places.
   */
  const fromTemplate = (line: TextLine, student: string, text: string, index: number): boolean => {
    // A question's label is print: a line the student's words start ("8.0", "3) 45" written in the margin) has none.
    const numbered = !(student && text.startsWith(student)) && text.match(QUESTION_NUMBER);
    const number = numbered ? (questionNumbers[index] ?? Number(numbered[1])) : undefined;
    const answer = (n: number) => withPrintedUnit(text, student, fixLetterO(cleanAnswer(student.replace(/^[=:]\s*/, "")), acceptedFor(n)));
    if (number !== undefined && plausibleNumber(number)) {
      const given = answer(number);
      const questionText = withoutMovedAnswer(withoutStudent(text.replace(QUESTION_NUMBER, "$2"), student).trim());
      record({
        number,
        questionText,
        answer: given,
        readingConfidence: given ? answerConfidence(line, given) : line.confidence,
        line: index,
        // On the question's own line: an "Answer:" line under it, where the child wrote too, wins.
        source: "inline",
        matchedBy: "number",
      });
      waitingForAnswer = !given;
      return true;
    }
    if (!student) return true;
    if (current && waitingForAnswer && !current.answer) {
      current.answer = answer(current.number);
      current.readingConfidence = answerConfidence(line, current.answer);
      current.line = index;
      current.source = "label";
      waitingForAnswer = false;
      return true;
    }
    return false;
  };

  let labelAbove = false;
  lines.forEach((line, index) => {
    const text = texts[index]!;
    if (!text) return;
    const underLabel = labelAbove;
    labelAbove = false;
    const name = text.match(NAME);
    if (name && !studentName) {
      const candidate = cleanAnswer(name[1]);
      if (candidate && /\p{L}/u.test(candidate)) studentName = candidate;
      return;
    }
    if (line.student !== undefined && fromTemplate(line, line.student.trim(), text, index)) return;
    const answerLine = matchAnswerLine(text);
    if (answerLine) {
      let number = answerLine.number ?? current?.number;
      let matchedBy: StudentAnswer["matchedBy"] = "number";
      // An answer under a question whose number was not read ("> A rectangle is...") belongs to the next one.
      if (answerLine.number === undefined && current?.answer && current.source !== "guess" && unnumberedSinceCurrent) {
        const next = current.number + 1;
        if ((!keyNumbers || keyNumbers.has(next)) && !found.get(next)?.answer) {
          number = next;
          matchedBy = "guess";
        }
      }
      // The same before any question: the first question's number was read nowhere on the page.
      if (answerLine.number === undefined && !current && unnumberedSinceCurrent && !questionNumbers.includes(firstNumber)) {
        number = firstNumber;
        matchedBy = "guess";
      }
      if (number !== undefined) {
        const answer = fixLetterO(cleanAnswer(answerLine.answer), acceptedFor(number));
        const readingConfidence = answer ? answerConfidence(line, answer) : line.confidence;
        const base = found.get(number);
        // An empty label under a numbered line taken for an answer ("4. Add 3 and 1/4." then "Answer:"): that line
        // was the question, and the answer is blank.
        if (base && base.answer && base.source === "guess" && !answer && matchedBy === "number") {
          base.questionText ??= base.answer;
          base.answer = "";
          base.source = "label";
          base.readingConfidence = line.confidence;
          base.line = index;
          current = base;
          waitingForAnswer = false;
          return;
        }
        if (base && !base.answer) {
          base.answer = answer;
          base.source = "label";
          base.readingConfidence = readingConfidence;
          base.matchedBy = matchedBy === "guess" ? "guess" : base.matchedBy;
          base.line = index;
          current = base;
        } else {
          record({ number, answer, readingConfidence, line: index, source: "label", matchedBy });
        }
        waitingForAnswer = false;
        return;
      }
    }
    const numbered = !decimals.has(index) && text.match(QUESTION_NUMBER);
    if (numbered) {
      const number = questionNumbers[index] ?? Number(numbered[1]);
      if (plausibleNumber(number)) {
        let split = splitQuestionLine(fixArithmeticDigits(numbered[2]));
        // When the rules for a line of text found no answer or only guessed: the words written on a blank inside the
        // question's sentence (blanks.ts), or an answer in a column of its own on the question's row (a table's
        // answer column, a box at the margin), the words after the row's last wide gap.
        const blank = !split.answer || split.source === "guess" ? onBlank(line) : undefined;
        const apart = !blank && (!split.answer || split.source === "guess") ? setApart(line) : undefined;
        if (blank && cleanAnswer(blank.answer))
          split = {
            questionText: blank.question.replace(QUESTION_NUMBER, "$2"),
            answer: withPrintedUnit(text, blank.answer, cleanAnswer(blank.answer)),
            open: false,
          };
        else if (apart && cleanAnswer(apart.after))
          split = { questionText: apart.before.replace(QUESTION_NUMBER, "$2").trim(), answer: cleanAnswer(apart.after), open: false };
        let answer = fixLetterO(split.answer, acceptedFor(number));
        let { open } = split;
        const { questionText, source } = split;
        // The row's lettered entry in a column of its own (a matching exercise's "K. 6/7", or "F. 27" after "What is
        // frozen water called?"): an option, and the letter the child wrote was not read.
        const column = apart ?? setApart(line);
        if (letterKey(number) && optionEntry(answer) && cleanAnswer(column?.after ?? "") === answer) [answer, open] = ["", true];
        const readingConfidence = answer ? answerConfidence(line, answer) : line.confidence;
        record({ number, questionText, answer, readingConfidence, line: index, source: source ?? "inline", matchedBy: "number" });
        waitingForAnswer = open || !answer;
        return;
      }
    }
    // An answer label alone ("Answer" printed in a box's corner, the answer written lower in the box) is print; the
    // line under it, when it is the answer, is labelled.
    if (BARE_LABEL.test(text)) {
      labelAbove = !!current && waitingForAnswer && !current.answer;
      return;
    }
    // An unlabelled line right under a question that has no answer yet is its answer.
    const optionsLine = /^\(?[A-E][).]\s/.test(text) || (!!current && letterKey(current.number) && optionEntry(text));
    // A wrapped question's second line ("does it travel in total?") continues the question.
    const incomplete = current?.questionText !== undefined && !/[?:.]\s*$/.test(current.questionText);
    const continuation = incomplete && (/\?\s*$/.test(text) || (/^[a-z]/.test(text) && !/=/.test(text) && text.split(/\s+/).length >= 3));
    if (current?.questionText && waitingForAnswer && !current.answer && continuation) {
      current.questionText = `${current.questionText} ${text}`;
      return;
    }
    // A line of options with an answer set apart at its end (written in an answer column, level with the options):
    // the words after the wide gap, when what stands before it is still the options.
    const besideOptions = optionsLine && current && waitingForAnswer && !current.answer ? setApart(line) : undefined;
    if (current && besideOptions && /^\(?[A-E][).]\s/.test(besideOptions.before) && cleanAnswer(besideOptions.after)) {
      current.answer = fixLetterO(cleanAnswer(besideOptions.after), acceptedFor(current.number));
      current.readingConfidence = answerConfidence(line, current.answer);
      current.line = index;
      current.source = "guess";
      waitingForAnswer = false;
      return;
    }
    if (current && waitingForAnswer && !current.answer && text.length <= 80 && !optionsLine) {
      current.answer = fixLetterO(cleanAnswer(text), acceptedFor(current.number));
      current.readingConfidence = answerConfidence(line, current.answer);
      current.line = index;
      current.source = underLabel ? "label" : "guess";
      waitingForAnswer = false;
      return;
    }
    unnumberedSinceCurrent = true;
  });

  const answers = [...found.values()].sort((a, b) => a.number - b.number);
  return { studentName, answers, duplicates: [...duplicates] };
}

export function extractStudentWork(text: string, key?: AnswerKey): StudentWork {
  return extractFromLines(
    text
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((t) => ({ text: t, confidence: 1 })),
    key,
  );
}

/** The answers on a read document: every page's lines in reading order (columns one after another). */
export function extractFromReading(reading: DocumentReading, key?: AnswerKey): StudentWork {
  return extractFromLines(readingLines(reading), key);
}
