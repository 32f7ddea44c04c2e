// What judging one answer against the key gives: the match, and why it is unsure. Its own module so that the
// judges of each kind (algebra, amounts, lists) and the dispatcher in judge.ts import it without a cycle.
import type { Match } from "../values/values";

export interface Judgement extends Match {
  /** Why the judgement is unsure, for the teacher; undefined when it is sure. */
  doubt?: string;
  /**
   * The doubt is that the reader may have misread the digits (a doubled digit read once, a decimal point lost), not
   * the answer's meaning: a handwritten answer whose ink was verified against the key's reading settles it.
   */
  misread?: boolean;
}

/** `judgement` with `doubt` added after any doubt it already has; the same judgement when there is none to add. */
export function withDoubt<J extends Match>(judgement: J, doubt: string | undefined): J | (J & { doubt: string }) {
  if (!doubt) return judgement;
  const had = "doubt" in judgement && typeof judgement.doubt === "string" ? judgement.doubt : undefined;
  return { ...judgement, doubt: [had, doubt].filter(Boolean).join(" ") };
}
