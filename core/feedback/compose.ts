// Feedback a teacher would sign: specific to what the student wrote, pitched at the grade level.
import type { Assignment, GradingResult, OverallFeedback, QuestionResult } from "../grading/result";

export type GradeBand = "early" | "elementary" | "middle" | "high";

export function gradeBand(level: Assignment["gradeLevel"]): GradeBand {
  if (level === undefined || level === null || level === "") return "middle";
  const s = String(level).toLowerCase();
  if (/^(k|kindergarten|pre-?k)/.test(s)) return "early";
  if (/college|university|ap\b|ib\b/.test(s)) return "high";
  const n = Number(s.match(/\d+/)?.[0]);
  if (!Number.isFinite(n)) return "middle";
  return n <= 2 ? "early" : n <= 5 ? "elementary" : n <= 8 ? "middle" : "high";
}

function quote(s: string | null): string {
  return `"${(s ?? "").trim()}"`;
}

function list(items: (string | number)[]): string {
  const s = items.map(String);
  return s.length <= 1 ? s.join("") : `${s.slice(0, -1).join(", ")} and ${s.at(-1)}`;
}

function isNumeric(s: string | null): boolean {
  return (!!s && /^[-−$€£]?\s*[\d.,/ ]+\s*(%|[a-z²³°]{0,12})?$/i.test(s.trim())) || /^[a-z]\s*=/i.test(s ?? "");
}

export function questionFeedback(q: Omit<QuestionResult, "feedback">, band: GradeBand): string {
  const simple = band === "early" || band === "elementary";
  const key = q.keyAnswer;
  const prompt = q.questionText ? q.questionText.replace(/\s*=\s*$/, "") : null;
  switch (q.status) {
    case "correct":
      if (q.reason.includes("spelling slip")) return `Right answer; watch the spelling (${quote(key)}).`;
      return simple ? `Well done: ${q.studentAnswer} is right!` : `Correct: ${q.studentAnswer}.`;
    case "missing":
      return simple
        ? "This one was left blank. Next time, have a go: even a try can earn points."
        : "No answer was found for this question. Attempt every question: partial work can earn credit.";
    case "needs-review":
      return "Your teacher will check this answer.";
    case "partial":
      if (/unit/.test(q.reason))
        return `${q.studentAnswer} has the right number; ${q.reason.replace(/^Right number,?\s*(but\s*)?/i, "").replace(/^./, (c) => c.toLowerCase())} Always write the unit.`;
      return `Part of this is right. ${q.reason} ${key ? `The full answer is ${quote(key)}.` : ""}`.trim();
    case "incorrect": {
      if (isNumeric(key) && isNumeric(q.studentAnswer)) {
        const check = simple
          ? "Try it again step by step, and check with the opposite operation."
          : "Rework it and check the result by substituting it back or estimating first.";
        return `You wrote ${q.studentAnswer}, but ${prompt ? `${prompt} = ` : "the answer is "}${key}. ${check}`;
      }
      if (key && /^[A-E]$/.test(key.trim()) && q.studentAnswer) {
        return `You chose ${q.studentAnswer.trim()}; the correct choice is ${key}. Reread each option before choosing.`;
      }
      return `You answered ${quote(q.studentAnswer)}; the expected answer is ${quote(key)}. ${simple ? "Look back at your notes for this word." : "Review this idea in your notes."}`;
    }
  }
}

export function overallFeedback(
  result: Pick<GradingResult, "questions" | "rubric" | "total" | "max" | "percent">,
  assignment: Assignment,
): OverallFeedback {
  const band = gradeBand(assignment.gradeLevel);
  const simple = band === "early" || band === "elementary";
  const qs = result.questions;
  const right = qs.filter((q) => q.status === "correct");
  const partial = qs.filter((q) => q.status === "partial");
  const wrong = qs.filter((q) => q.status === "incorrect");
  const missing = qs.filter((q) => q.status === "missing");
  const review = qs.filter((q) => q.status === "needs-review");
  const strengths: string[] = [];
  const improvements: string[] = [];

  if (qs.length && right.length === qs.length)
    strengths.push(simple ? `Every answer is right: ${right.length} out of ${qs.length}!` : `All ${qs.length} answers are correct.`);
  else if (right.length)
    strengths.push(
      `Correct on question${right.length > 1 ? "s" : ""} ${list(right.map((q) => q.number))} (${right.length} of ${qs.length}).`,
    );
  if (partial.some((q) => /unit/.test(q.reason))) strengths.push("Your calculations for the measurement questions are right.");
  for (const c of result.rubric.filter((c) => c.pointsAwarded !== null && c.pointsAwarded >= c.pointsPossible))
    strengths.push(`${c.name}: ${c.reason}`);

  for (const q of wrong.slice(0, 3))
    improvements.push(`Question ${q.number}: you wrote ${quote(q.studentAnswer)}, expected ${quote(q.keyAnswer)}.`);
  if (wrong.length > 3) improvements.push(`Also questions ${list(wrong.slice(3).map((q) => q.number))}.`);
  const unitSlips = partial.filter((q) => /unit/.test(q.reason));
  if (unitSlips.length)
    improvements.push(`Units missing or wrong on question${unitSlips.length > 1 ? "s" : ""} ${list(unitSlips.map((q) => q.number))}.`);
  for (const q of partial.filter((q) => !/unit/.test(q.reason)))
    improvements.push(`Question ${q.number} is only partly right: ${q.reason}`);
  if (missing.length)
    improvements.push(
      `Question${missing.length > 1 ? "s" : ""} ${list(missing.map((q) => q.number))} ${missing.length > 1 ? "were" : "was"} left blank.`,
    );
  for (const c of result.rubric.filter((c) => c.pointsAwarded !== null && c.pointsAwarded < c.pointsPossible))
    improvements.push(`${c.name}: ${c.reason}`);

  let nextStep: string;
  if (missing.length >= Math.max(1, qs.length / 2))
    nextStep = simple
      ? "Next time, try every question, even if you are not sure."
      : "Attempt every question next time; show your working so partial credit is possible.";
  else if (unitSlips.length) nextStep = "Before handing in, check that every measurement answer has its unit.";
  else if (wrong.some((q) => isNumeric(q.keyAnswer)))
    nextStep = simple
      ? `Redo question${wrong.length > 1 ? "s" : ""} ${list(wrong.map((q) => q.number))} slowly, then check each answer with the opposite operation.`
      : `Redo question${wrong.length > 1 ? "s" : ""} ${list(wrong.map((q) => q.number))} and check each result by substitution or estimation.`;
  else if (wrong.length)
    nextStep = `Review the ideas behind question${wrong.length > 1 ? "s" : ""} ${list(wrong.map((q) => q.number))}, then try them again.`;
  else if (review.length) nextStep = "Wait for your teacher's check on the answers marked for review.";
  else nextStep = simple ? "Great work! Try a harder challenge next." : "Strong work: try extension problems on this topic next.";

  if (!strengths.length) strengths.push(qs.length ? "You handed in your work and attempted the sheet." : "You handed in your work.");
  if (!improvements.length) improvements.push(simple ? "Keep doing what you did here!" : "Nothing to fix on this sheet.");
  const summary = `${result.total} out of ${result.max} points (${result.percent}%).`;
  return { summary, strengths, improvements, nextStep };
}

const questionsLabel = (qs: { number: number }[]) => `question${qs.length > 1 ? "s" : ""} ${list(qs.map((q) => q.number))}`;

/**
 * Work checked without a key (QuickSnap's "no key: check what can be checked"): what was checked and what was
 * not, and no score, since none can be given without the teacher's answers.
 */
export function checksFeedbackText(result: Pick<GradingResult, "questions">): string {
  const qs = result.questions;
  const right = qs.filter((q) => q.status === "correct");
  const wrong = qs.filter((q) => q.status === "incorrect" || q.status === "partial");
  const blank = qs.filter((q) => q.status === "missing");
  const unchecked = qs.filter((q) => q.status === "needs-review");
  const parts = ["No answer key: only calculations and simple equations could be checked, so no score is given."];
  if (right.length + wrong.length === 0) parts.push("Nothing on this page could be checked without a key.");
  else parts.push(`Checked ${right.length + wrong.length} of ${qs.length} answer${qs.length > 1 ? "s" : ""}.`);
  if (right.length) parts.push(`Looks right: ${questionsLabel(right)}.`);
  for (const q of wrong)
    parts.push(
      `Question ${q.number}: ${quote(q.studentAnswer)} does not match ${quote(q.keyAnswer)}, worked out from the question as read.`,
    );
  if (blank.length) parts.push(`No answer found for ${questionsLabel(blank)}.`);
  if (unchecked.length) parts.push(`Not checked (needs a key or the teacher): ${questionsLabel(unchecked)}.`);
  return parts.join("\n");
}

/** The feedback as one text: what the local model streams, token by token. */
export function composeFeedbackText(result: GradingResult, assignment: Assignment): string {
  if (result.flags.some((f) => f.type === "checks-only")) return checksFeedbackText(result);
  const parts: string[] = [];
  const who = result.studentName ? `${result.studentName.split(" ")[0]}, ` : "";
  parts.push(who ? `${who}you scored ${result.feedback.summary}` : `You scored ${result.feedback.summary}`);
  for (const q of result.questions) parts.push(`Question ${q.number}: ${q.feedback}`);
  for (const c of result.rubric) {
    parts.push(`${c.name}: ${c.needsTeacher && c.pointsAwarded === null ? "your teacher will score this part." : c.reason}`);
  }
  parts.push(`Strengths: ${result.feedback.strengths.join(" ")}`);
  parts.push(`To improve: ${result.feedback.improvements.join(" ")}`);
  parts.push(`Next step: ${result.feedback.nextStep}`);
  void assignment;
  return parts.join("\n");
}
