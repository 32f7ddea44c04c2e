// Finding each question's answer in what was read from the student's pages.
import { QUESTION_NUMBER, type AnswerKey } from "./answer-key";

export interface StudentAnswer {
  number: number;
  /** The question's text as read, when it was on the page ("12 x 8 = ?"). */
  questionText?: string;
  answer: string;
  /** 0..1 reading confidence of the line(s) the answer came from. */
  readingConfidence: number;
  line: number;
  /** How the answer was found: after an `Answer:` label, inline on the question's line, or guessed. */
  source: "label" | "inline" | "guess";
}

export interface StudentWork {
  studentName?: string;
  answers: StudentAnswer[];
  /** Numbers answered more than once (the first non-empty answer is kept). */
  duplicates: number[];
}

export interface TextLine {
  text: string;
  confidence: number;
}

const NAME =
  /^\s*(?:student(?:'s)?\s+)?(?:name|nombre|nom|nome)\s*[:\-]\s*(.+?)\s*(?:\b(?:date|class|period|grade|fecha|clase)\s*[:\-].*)?$/i;
const ANSWER_LINE = /^\s*(?:answer|ans|a|respuesta|resp|r[ée]ponse|antwort)\s*(\d{1,3})?\s*[:=.\-]\s*(.*)$/i;
const INLINE_ANSWER = /\b(?:answer|ans|respuesta|r[ée]ponse|antwort)\s*[:=]\s*(.*)$/i;

function cleanAnswer(text: string): string {
  return (
    text
      // A leading dot or minus before a digit is part of the answer (".75", "-3"), not a label's punctuation.
      .replace(/^(?:[\s_:–]|[.\-](?!\d))+|[\s_]+$/g, "")
      .replace(/(\s+[^\p{L}\p{N}$€£%(]+)+$/u, "")
      .replace(/_{2,}/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** OCR reads the 1 of "Q1" as l, I or |, and 0 as O: repair the label, not the answer. */
function fixQuestionLabel(text: string): string {
  return text.replace(/^(\s*q(?:uestion)?\s*)([0-9lIi|oO]{1,3})(\s*[.):])/i, (_, q: string, n: string, sep: string) =>
    /\d/.test(n) || n.length === 1 ? q + n.replace(/[lIi|]/g, "1").replace(/[oO]/g, "0") + sep : _,
  );
}

function hasVariable(expression: string): boolean {
  return /[a-z]/i.test(expression.replace(/(\d)\s*[x×]\s*(?=[\d(])/gi, "$1*"));
}

/** Splits a numbered line's rest into question text and answer. */
function splitQuestionLine(rest: string): { questionText?: string; answer: string; open: boolean; source?: StudentAnswer["source"] } {
  const inline = rest.match(INLINE_ANSWER);
  if (inline)
    return { questionText: rest.slice(0, inline.index).trim() || undefined, answer: cleanAnswer(inline[1]), open: !cleanAnswer(inline[1]) };
  const q = rest.lastIndexOf("?");
  if (q >= 0) {
    const after = cleanAnswer(rest.slice(q + 1));
    return { questionText: rest.slice(0, q + 1).trim(), answer: after, open: !after };
  }
  // "Solve: 2x + 3 = 13", "Simplify 3(x + 2)": an instruction, its answer comes below.
  // (A question whose '?' was misread still starts like one.)
  if (
    /^(solve|simplify|find|evaluate|calculate|compute|work out|write|explain|name|describe|list|show|convert|round|estimate|what|which|who|whom|whose|how|why|when|where|is|are|does|do|can)\b/i.test(
      rest,
    )
  ) {
    return { questionText: rest.trim(), answer: "", open: true };
  }
  // "12 x 8 = 96": an arithmetic prompt with the answer after the last '='; "2x + 3 = 13" is an equation to solve.
  const eq = rest.match(/^(.*[\d)]\s*[x×*÷/+\-−:]\s*[\d(].*?)=\s*([^=]*)$/i);
  if (eq && hasVariable(eq[1])) return { questionText: rest.trim(), answer: "", open: true };
  if (eq) return { questionText: eq[1].trim() + " =", answer: cleanAnswer(eq[2]), open: !cleanAnswer(eq[2]) };
  // "Solve: 2x + 3 = 13" with nothing after it asks a question; a bare "x = 5" is an answer.
  if (/:\s*$/.test(rest)) return { questionText: rest.trim(), answer: "", open: true };
  return { answer: cleanAnswer(rest), open: false, source: "guess" };
}

export function extractFromLines(lines: TextLine[], key?: AnswerKey): StudentWork {
  const keyNumbers = key ? new Set(key.questions.map((q) => q.number)) : undefined;
  const maxNumber = key ? Math.max(...key.questions.map((q) => q.number)) : 200;
  const found = new Map<number, StudentAnswer>();
  const duplicates = new Set<number>();
  let studentName: string | undefined;
  let current: StudentAnswer | undefined;
  let waitingForAnswer = false;

  const strength = { label: 2, inline: 1, guess: 0 } as const;
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

  lines.forEach((line, index) => {
    const text = fixQuestionLabel(line.text.trim());
    if (!text) return;
    const name = text.match(NAME);
    if (name && !studentName) {
      const candidate = cleanAnswer(name[1]);
      if (candidate && /\p{L}/u.test(candidate)) studentName = candidate;
      return;
    }
    const answerLine = text.match(ANSWER_LINE);
    if (answerLine && !/^\s*a\s*[.)]/i.test(text)) {
      let number = answerLine[1] ? Number(answerLine[1]) : current?.number;
      // An answer under a question whose number was not read ("> A rectangle is...") belongs to the next one.
      if (!answerLine[1] && current?.answer && current.source !== "guess" && unnumberedSinceCurrent) {
        const next = current.number + 1;
        if ((!keyNumbers || keyNumbers.has(next)) && !found.get(next)?.answer) number = next;
      }
      if (number !== undefined) {
        const answer = cleanAnswer(answerLine[2]);
        const base = found.get(number);
        if (base && !base.answer) {
          base.answer = answer;
          base.source = "label";
          base.readingConfidence = Math.min(base.readingConfidence, line.confidence) || line.confidence;
          base.line = index;
          current = base;
        } else {
          record({ number, answer, readingConfidence: line.confidence, line: index, source: "label" });
        }
        waitingForAnswer = false;
        return;
      }
    }
    const numbered = text.match(QUESTION_NUMBER);
    if (numbered) {
      const number = Number(numbered[1]);
      const plausible = number >= 1 && number <= maxNumber && (!keyNumbers || keyNumbers.has(number));
      if (plausible) {
        const { questionText, answer, open, source } = splitQuestionLine(numbered[2]);
        record({ number, questionText, answer, readingConfidence: line.confidence, line: index, source: source ?? "inline" });
        waitingForAnswer = open || !answer;
        return;
      }
    }
    // An unlabelled line right under a question that has no answer yet is its answer.
    const optionsLine = /^\(?[A-E][).]\s/.test(text);
    if (current && waitingForAnswer && !current.answer && text.length <= 80 && !optionsLine) {
      current.answer = cleanAnswer(text);
      current.readingConfidence = Math.min(current.readingConfidence, line.confidence);
      current.line = index;
      current.source = "guess";
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
