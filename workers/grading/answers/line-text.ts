// A line of a student's page, read as text: the name field, an "Answer:" label and the answer after it, and a
// numbered question's rest split into its question and its answer (after "?", "=", "Answer:", a sentence's end).
export const NAME =
  /^\s*(?:student(?:'s)?\s+)?(?:name|nombre|nom|nome)\s*[:\-]\s*(.+?)\s*(?:\b(?:date|class|period|grade|fecha|clase)\s*[:\-].*)?$/i;
// The label's colon is small and may be read as ";" or lost ("Answer CO2"); a bare "A" needs its colon.
const ANSWER_LINE =
  /^\s*(?:(?:answer|ans|respuesta|resp|r[ée]ponse|antwort)\s*(\d{1,3})?\s*([:;=.\-]|\s(?=\S))|a\s*(\d{1,3})?\s*[:;=.\-])\s*(.*)$/i;
/** "Answer the questions below": an instruction, not a label whose colon was lost. */
const INSTRUCTION =
  /^(?:the|all|each|every|these|this|following|questions?|in|on|using|with|as|both|any|below|from|only|true|yes or no)\b/i;

/** An "Answer: …" line: the question number it names (if any) and the answer. */
export function matchAnswerLine(text: string): { number?: number; answer: string } | undefined {
  const m = text.match(ANSWER_LINE);
  if (!m || /^\s*a\s*[.)]/i.test(text)) return undefined;
  const [, wordNumber, separator, letterNumber, rest] = m;
  // Only a word label may have lost its colon (its separator is then a space).
  if (separator?.trim() === "" && INSTRUCTION.test(rest)) return undefined;
  // A number after the word, its colon lost, is the answer, not the question's number ("Answer 450 cm", "Answer 4.5").
  if (wordNumber && (separator!.trim() === "" || (/^[.\-]$/.test(separator!) && /^\d/.test(rest!))))
    return { answer: `${wordNumber}${separator}${rest}` };
  const number = wordNumber ?? letterNumber;
  return { number: number ? Number(number) : undefined, answer: rest };
}
/** An answer's label alone on its line, its colon or point lost or never printed. */
export const BARE_LABEL = /^\s*(?:answer|ans|respuesta|r[ée]ponse|antwort)\s*[.:;]?\s*$/i;
// "Ans." abbreviated is a label too, its point for a colon ("Which number is prime? Ans. 13").
const INLINE_ANSWER = /\b(?:(?:answer|ans|respuesta|r[ée]ponse|antwort)\s*[:=]|ans\.)\s*(.*)$/i;

export function cleanAnswer(text: string): string {
  return (
    text
      // A leading dot or minus before a digit is part of the answer (".75", "-3"), not a label's punctuation.
      // Two points or commas or more at either end are a dotted line's dots the answer was written on (",,,450").
      .replace(/^[.,]{2,}|[.,]{2,}$/g, "")
      .replace(/^(?:[\s_:–]|[.\-](?!\d))+|[\s_]+$/g, "")
      .replace(/(\s+[^\p{L}\p{N}$€£%(]+)+$/u, "")
      // A bracket left open at either end is the printed brackets' the answer was written between ("(B", "437)").
      .replace(/^\(\s*(?=[^)]*$)/, "")
      .replace(/(?<=^[^(]*)\s*\)$/, "")
      // A full stop after a one-word answer ("Paris."), not an abbreviation's ("U.S.").
      .replace(/^([^.\s]*\p{L})\.$/u, "$1")
      .replace(/_{2,}/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

function hasVariable(expression: string): boolean {
  return /[a-z]/i.test(expression.replace(/(\d)\s*[x×]\s*(?=[\d(])/gi, "$1*"));
}

/** Splits a numbered line's rest into question text and answer. */
export function splitQuestionLine(rest: string): { questionText?: string; answer: string; open: boolean; source?: "guess" } {
  const inline = rest.match(INLINE_ANSWER);
  if (inline)
    return { questionText: rest.slice(0, inline.index).trim() || undefined, answer: cleanAnswer(inline[1]), open: !cleanAnswer(inline[1]) };
  const q = rest.lastIndexOf("?");
  if (q >= 0) {
    const after = cleanAnswer(rest.slice(q + 1));
    return { questionText: rest.slice(0, q + 1).trim(), answer: after, open: !after };
  }
  // "12 x 8 = 96": an arithmetic prompt with the answer after the last '='; "2x + 3 = 13" is an equation to solve.
  // (On a small photo an operator may come out as "·", "~" or a spaced dot: "24·77 = 101", "43 ~ 5", "97 .23 = 120".)
  // "What is 7 × 8 = 54" is one too, though it starts like a question.
  const eq = rest.match(/^(.*[\d)]\s*(?:[x×*÷/+\-−:·~]|\s\.)\s*[\d(].*?)=\s*([^=]*)$/i);
  const prompt = eq && { questionText: eq[1].trim() + " =", answer: cleanAnswer(eq[2]), open: !cleanAnswer(eq[2]) };
  if (prompt && !hasVariable(eq[1].replace(/^(what|how much) is\s+/i, "")) && /\d/.test(eq[2])) return prompt;
  // "Write 1/2 as a percent. 50%": an instruction's sentence, then the answer written after it on its line (one
  // word, or words led by a number: "Name the capital of France. Paris", "3 m 50 cm"; "It travels 60 km" is not).
  // (A sentence may end in a number, "Add 209 and 48. 257", where none ends in a word.)
  const afterSentence =
    rest.match(/^(.*\p{L}{2}[.!])\s+(\S+(?:\s+\S+){0,2})$/u) ?? rest.match(/^(.*\p{L}.*\s\d+[.!])\s+(\S+(?:\s+\S+){0,2})$/u);
  if (afterSentence && !/[.!]$/.test(afterSentence[2]) && (/^[-−$€£.]?\d/.test(afterSentence[2]) || !/\s/.test(afterSentence[2]))) {
    const answer = cleanAnswer(afterSentence[2]);
    if (answer) return { questionText: afterSentence[1].trim(), answer, open: false };
  }
  // "Solve: 2x + 3 = 13", "Simplify 3(x + 2)", "Add 413 and 58.": an instruction, its answer comes below.
  // (A question whose '?' was misread still starts like one.)
  if (
    /^(solve|simplify|find|evaluate|calculate|compute|work out|write|explain|name|describe|list|show|convert|round|estimate|add|subtract|multiply|divide|give|complete|order|measure|count|express|rewrite|expand|factori[sz]e|reduce|change|state|identify|what|which|who|whom|whose|how|why|when|where|is|are|does|do|can)\b/i.test(
      rest,
    )
  ) {
    return { questionText: rest.trim(), answer: "", open: true };
  }
  if (eq && hasVariable(eq[1])) return { questionText: rest.trim(), answer: "", open: true };
  if (prompt) return prompt;
  // Small print can lose the operator into a point ("26.9= 17" for 26 - 9 = 17): numbers alone before "=" are a sum.
  const sum = rest.match(/^(\d[\d\s.,]*)=\s*([^=]*)$/);
  if (sum && /[\s.,]\d/.test(sum[1].trim()))
    return { questionText: sum[1].trim() + " =", answer: cleanAnswer(sum[2]), open: !cleanAnswer(sum[2]) };
  // "Solve: 2x + 3 = 13" with nothing after it asks a question; a bare "x = 5" is an answer.
  if (/:\s*$/.test(rest)) return { questionText: rest.trim(), answer: "", open: true };
  return { answer: cleanAnswer(rest), open: false, source: "guess" };
}

/**
 * A line's text with the student's words taken out: from its end where they end it (an answer written after the
 * options it names, "A) square B) triangle C) pentagon triangle"), otherwise where they first stand.
 */
export function withoutStudent(text: string, student: string): string {
  if (!student) return text;
  const end = text.trimEnd();
  return end.endsWith(student) ? end.slice(0, end.length - student.length) : text.replace(student, " ");
}
