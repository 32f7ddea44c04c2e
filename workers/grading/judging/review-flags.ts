// Per-question review flags: a question needs the teacher when its answer was read uncertainly (the words that
// make it up, the layout match that found it) or judged uncertainly (the rule's own doubt). Kept apart from the
// reading so that the reader's own per-answer confidence and match kind plug in here when they exist.
// Thresholds: docs/decisions/0009-question-aware-judgement-and-review-flags.md.

/** Below this, the words of an answer were read too uncertainly to trust the mark. */
export const ANSWER_WORD_CONFIDENCE = 0.5;
/** Below this, the answer's line as a whole was read too uncertainly. */
export const ANSWER_LINE_CONFIDENCE = 0.6;

export interface QuestionEvidence {
  answered: boolean;
  status: string;
  /** The line's reading confidence, 0..1 (1 for typed text). */
  lineConfidence: number;
  /** The lowest confidence of the words that make up the answer, when word boxes exist. */
  wordConfidence?: number;
  /** How the answer was found: after a label, on the question's line, guessed from the next line. */
  source?: "label" | "inline" | "guess" | string;
  /** How the reader tied the answer to its question: by its number, by the question's text, or by position only. */
  matchedBy?: "number" | "question-text" | "guess" | string;
  /** The judgement's own doubt. */
  doubt?: string;
  /** The answer read looks like a question's text (a blank answer swallowed the next question). */
  looksLikeQuestion?: boolean;
  /** The page was read with low confidence overall. */
  pageUncertain?: boolean;
  /**
   * The answer as read is right, surely, and made of words only (five letters or more): a misreading does not turn
   * a wrong answer into the key's words, so a low reading confidence does not flag it (0025). Digits do not count:
   * one misread digit can.
   */
  rightInWords?: boolean;
  /**
   * A handwritten answer verified against the key (judging/handwriting.ts): its readings were judged one by one, and
   * the ink's doubt, when there is one, is in `doubt`; the reader's confidence does not flag it again.
   */
  verified?: boolean;
}

export interface QuestionReview {
  needsReview: boolean;
  reason: string | null;
}

export function reviewQuestion(e: QuestionEvidence): QuestionReview {
  const reasons: string[] = [];
  if (e.status === "needs-review") reasons.push("Cannot be checked automatically.");
  if (e.looksLikeQuestion) reasons.push("The answer read looks like question text: the answer may be blank or misplaced.");
  if (e.doubt) reasons.push(e.doubt);
  if (e.answered) {
    if (e.rightInWords || e.verified) {
      // Read right whatever the confidence (QuestionEvidence.rightInWords), or verified against the key's answer.
    } else if (e.wordConfidence !== undefined && e.wordConfidence < ANSWER_WORD_CONFIDENCE)
      reasons.push(`The answer was read with low confidence (${Math.round(e.wordConfidence * 100)}%).`);
    else if (e.wordConfidence === undefined && e.lineConfidence < ANSWER_LINE_CONFIDENCE)
      reasons.push(`The answer's line was read with low confidence (${Math.round(e.lineConfidence * 100)}%).`);
    if (e.source === "guess") reasons.push("No answer label: the answer was taken from the line under the question.");
    if (e.matchedBy === "guess") reasons.push("The answer was tied to this question by its position only.");
  } else if (e.pageUncertain || e.lineConfidence < ANSWER_LINE_CONFIDENCE) {
    reasons.push("No answer found on a page read with low confidence: the answer may have been missed.");
  }
  return { needsReview: reasons.length > 0, reason: reasons.length ? reasons.join(" ") : null };
}
