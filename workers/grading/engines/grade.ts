// The local grader: aligns the student's answers with the key (or solves what it can without one),
// scores with partial credit, scores rubric criteria it can check, and says when the teacher must look.
import { describeKeyAnswer, roundPoints, type AnswerKey } from "./answer-key";
import { overallFeedback, questionFeedback, gradeBand } from "../../../core/feedback/compose";
import { detectPromptInjection } from "./injection";
import { scoreRubric, type Rubric } from "./rubric";
import {
  GradingResult,
  REVIEW_CONFIDENCE,
  REVIEW_READING_CONFIDENCE,
  type Assignment,
  type GradingFlag,
  type QuestionResult,
} from "../../../core/grading/result";
import { solveQuestion } from "./solver";
import { extractFromLines, readingLines, type StudentAnswer, type TextLine } from "./student-work";
import type { DocumentReading } from "./types";
import { compareAnswer, parseNumber, type Match } from "./values";

export interface GradeInput {
  reading?: DocumentReading;
  text?: string;
  key?: AnswerKey;
  rubric?: Rubric;
  assignment: Assignment;
}

export const LOCAL_PROVIDER = { name: "local", model: "gradewell-rules-1" } as const;

function linesOf(input: GradeInput): TextLine[] {
  // Lines in reading order with their words (two-column pages column by column: layout.ts).
  if (input.reading) return readingLines(input.reading);
  return (input.text ?? "")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((t) => ({ text: t, confidence: 1 }));
}

function clamp(n: number, max: number) {
  return Math.max(0, Math.min(max, Number.isFinite(n) ? n : 0));
}

function status(credit: number): QuestionResult["status"] {
  return credit >= 0.999 ? "correct" : credit > 0 ? "partial" : "incorrect";
}

function bestMatch(accepted: AnswerKey["questions"][number]["accepted"], answer: string): Match {
  let best: Match | undefined;
  for (const a of accepted) {
    const m = compareAnswer(a.value, answer);
    if (!best || m.credit > best.credit || (m.credit === best.credit && m.confidence > best.confidence)) best = m;
  }
  return best!;
}

function gradeWithKey(key: AnswerKey, answers: Map<number, StudentAnswer>, readingConfidence: number): Omit<QuestionResult, "feedback">[] {
  return key.questions.map((q) => {
    const student = answers.get(q.number);
    const keyAnswer = describeKeyAnswer(q);
    if (!student || !student.answer) {
      // Sure it is blank only as far as the page was read well.
      const confidence = Math.min(1, (student?.readingConfidence ?? readingConfidence) * 0.95);
      return {
        number: q.number,
        questionText: student?.questionText ?? null,
        keyAnswer,
        studentAnswer: null,
        pointsAwarded: 0,
        pointsPossible: q.points,
        status: "missing" as const,
        reason: "No answer found.",
        confidence,
        readingConfidence: student?.readingConfidence ?? readingConfidence,
        matchConfidence: 0.95,
      };
    }
    const match = bestMatch(q.accepted, student.answer);
    const pointsAwarded = clamp(roundPoints(match.credit * q.points), q.points);
    return {
      number: q.number,
      questionText: student.questionText ?? null,
      keyAnswer,
      studentAnswer: student.answer,
      pointsAwarded,
      pointsPossible: q.points,
      status: status(match.credit),
      reason: match.reason,
      confidence: student.readingConfidence * match.confidence,
      readingConfidence: student.readingConfidence,
      matchConfidence: match.confidence,
    };
  });
}

function gradeWithoutKey(answers: StudentAnswer[], points: number): Omit<QuestionResult, "feedback">[] {
  const each = answers.length ? roundPoints(points / answers.length) : 0;
  return answers.map((a) => {
    const solved = a.questionText ? solveQuestion(a.questionText) : undefined;
    const base = {
      number: a.number,
      questionText: a.questionText ?? null,
      studentAnswer: a.answer || null,
      pointsPossible: each,
      readingConfidence: a.readingConfidence,
    };
    if (!solved) {
      return {
        ...base,
        keyAnswer: null,
        pointsAwarded: 0,
        status: "needs-review" as const,
        reason: "No answer key, and this question cannot be checked automatically: the teacher will score it.",
        confidence: 0,
        matchConfidence: 0,
      };
    }
    const value = Number(solved.value.toFixed(6));
    const keyAnswer = solved.variable ? `${solved.variable} = ${value}` : String(value);
    const key = parseNumber(keyAnswer)!;
    if (!a.answer) {
      return {
        ...base,
        keyAnswer,
        pointsAwarded: 0,
        status: "missing" as const,
        reason: "No answer found.",
        confidence: a.readingConfidence * 0.9,
        matchConfidence: 0.9,
      };
    }
    const match = compareAnswer({ ...key, decimals: 6 }, a.answer);
    // The question itself was read from the page: a misread question means a wrong "key".
    const matchConfidence = match.confidence * 0.85;
    return {
      ...base,
      keyAnswer,
      pointsAwarded: clamp(roundPoints(match.credit * each), each),
      status: status(match.credit),
      reason: `Solved ${solved.expression} = ${value}. ${match.reason}`,
      confidence: a.readingConfidence * matchConfidence,
      matchConfidence,
    };
  });
}

export function gradeSubmission(input: GradeInput): GradingResult {
  const lines = linesOf(input);
  const text = lines.map((l) => l.text).join("\n");
  const readingConfidence = input.reading ? input.reading.confidence : 1;
  const work = extractFromLines(lines, input.key);
  const flags: GradingFlag[] = [];
  const reviewReasons: string[] = [];

  for (const finding of detectPromptInjection(text)) {
    flags.push({
      type: "prompt-injection",
      message: "The student's text contains instructions aimed at the grader. They were ignored; please check this submission.",
      excerpt: finding.excerpt,
    });
  }

  const answers = new Map(work.answers.map((a) => [a.number, a]));
  const graded = input.key
    ? gradeWithKey(input.key, answers, readingConfidence || 0.5)
    : input.rubric
      ? []
      : gradeWithoutKey(work.answers, input.assignment.points);
  if (!input.key && !input.rubric) {
    flags.push({ type: "no-key", message: "No answer key: only arithmetic and simple equations were checked." });
  }
  const band = gradeBand(input.assignment.gradeLevel);
  const questions: QuestionResult[] = graded.map((q) => ({
    ...q,
    confidence: Math.max(0, Math.min(1, q.confidence)),
    readingConfidence: Math.max(0, Math.min(1, q.readingConfidence)),
    matchConfidence: Math.max(0, Math.min(1, q.matchConfidence)),
    feedback: questionFeedback(q, band),
  }));

  const rubric = input.rubric
    ? scoreRubric(input.rubric, text).map((c) => ({
        ...c,
        level: c.level ?? null,
        pointsAwarded: c.pointsAwarded === null ? null : clamp(c.pointsAwarded, c.pointsPossible),
      }))
    : [];

  const missing = questions.filter((q) => q.status === "missing");
  if (input.key && missing.length) {
    flags.push({
      type: "missing-answers",
      message: `No answer found for question${missing.length > 1 ? "s" : ""} ${missing.map((q) => q.number).join(", ")}.`,
    });
  }
  if (work.duplicates.length) {
    flags.push({
      type: "duplicate-answers",
      message: `More than one answer for question${work.duplicates.length > 1 ? "s" : ""} ${work.duplicates.join(", ")}: the first was graded.`,
    });
  }
  const textChars = text.replace(/\s/g, "").length;
  if (textChars === 0)
    flags.push({
      type: "empty-submission",
      message: "Nothing could be read on this submission: it may be a blank page or the wrong file.",
    });
  if (input.reading && textChars > 0 && readingConfidence < REVIEW_READING_CONFIDENCE) {
    flags.push({
      type: "low-reading-confidence",
      message: `The text was read with low confidence (${Math.round(readingConfidence * 100)}%), as happens with handwriting or blurry photos: check the answers read.`,
    });
  }

  const total = roundPoints(questions.reduce((s, q) => s + q.pointsAwarded, 0) + rubric.reduce((s, c) => s + (c.pointsAwarded ?? 0), 0));
  const max =
    roundPoints(
      (input.key ? input.key.totalPoints : input.rubric ? 0 : questions.length ? input.assignment.points : 0) +
        (input.rubric?.totalPoints ?? 0),
    ) || input.assignment.points;
  const clampedTotal = clamp(total, max);
  const percent = max ? Math.round((clampedTotal / max) * 1000) / 10 : 0;

  const unsure = questions.filter((q) => q.status !== "needs-review" && q.confidence < REVIEW_CONFIDENCE);
  if (unsure.length)
    reviewReasons.push(`Low confidence on question${unsure.length > 1 ? "s" : ""} ${unsure.map((q) => q.number).join(", ")}.`);
  const teacherQuestions = questions.filter((q) => q.status === "needs-review");
  if (teacherQuestions.length)
    reviewReasons.push(
      `Question${teacherQuestions.length > 1 ? "s" : ""} ${teacherQuestions.map((q) => q.number).join(", ")} could not be checked automatically.`,
    );
  const teacherCriteria = rubric.filter((c) => c.needsTeacher);
  if (teacherCriteria.length) reviewReasons.push(`Rubric criteria for the teacher: ${teacherCriteria.map((c) => c.name).join(", ")}.`);
  if (!input.key && !input.rubric && !questions.length) reviewReasons.push("No answers were found to check.");
  for (const f of flags) {
    if (f.type === "prompt-injection" && !reviewReasons.includes("Possible attempt to steer the grader."))
      reviewReasons.push("Possible attempt to steer the grader.");
    if (f.type === "low-reading-confidence" || f.type === "empty-submission" || f.type === "duplicate-answers")
      reviewReasons.push(f.message);
  }

  const partialResult = { questions, rubric, total: clampedTotal, max, percent };
  return GradingResult.parse({
    studentName: work.studentName ?? null,
    ...partialResult,
    needsReview: reviewReasons.length > 0,
    reviewReasons,
    flags,
    readingConfidence: Math.max(0, Math.min(1, readingConfidence)),
    feedback: overallFeedback(partialResult, input.assignment),
    provider: { ...LOCAL_PROVIDER },
  });
}
