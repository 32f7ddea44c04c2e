// The local grader: aligns the student's answers with the key (or solves what it can without one),
// scores with partial credit, scores rubric criteria it can check, and says when the teacher must look.
import { describeKeyAnswer, QUESTION_NUMBER, roundPoints, type AnswerKey } from "../answers/answer-key";
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
import { judgeAnswer } from "./judge";
import { handwrittenWord, verifyHandwriting } from "./handwriting";
import { lookalikeJudgement } from "./lookalikes";
import { withDoubt } from "./judgement";
import { numberDoubt, pointSeenReading } from "./points-seen";
import { questionContexts, withoutAnswerAfter, type QuestionContext } from "../answers/question-context";
import { inAnswerColumn } from "../answers/answer-column";
import { reviewQuestion } from "./review-flags";
import { answerWordConfidence, withoutTrailingNoise } from "./answer-words";
import { unclaimedReason, unclaimedWriting } from "./unclaimed";
import { solveQuestion } from "./solver";
import { extractFromLines, readingLines, typedLines, type StudentAnswer, type TextLine } from "../answers/student-work";
import { swallowedKeyAnswer } from "../answers/swallowed";
import type { WorksheetTemplate } from "../answers/template";
import { answerRegion } from "../answers/regions";
import type { DocumentReading } from "../reading/types";
import { compareAnswer, parseNumber } from "../values/values";

export interface GradeInput {
  reading?: DocumentReading;
  text?: string;
  key?: AnswerKey;
  rubric?: Rubric;
  assignment: Assignment;
  /** The worksheet's printed template, when the page belongs to a class set (answers/template.ts). */
  template?: WorksheetTemplate;
}

export const LOCAL_PROVIDER = { name: "local", model: "gradewell-rules-1" } as const;

type GradedLine = TextLine;

function linesOf(input: GradeInput): GradedLine[] {
  // Lines in reading order with their words (two-column pages column by column: layout.ts).
  if (input.reading) return readingLines(input.reading, input.template);
  // A typed page's lines (answers/reading-lines.ts).
  return typedLines(input.text ?? "");
}

/** A "read answer" that is really a question's text (a blank answer followed by the next question). */
function looksLikeQuestion(answer: string, number: number, contexts: Map<number, QuestionContext>): boolean {
  const a = answer.toLowerCase().replace(/\s+/g, " ").trim();
  if (a.length < 12) return false;
  if (/\?\s*$/.test(a)) return true;
  for (const [n, c] of contexts) {
    if (n === number) continue;
    const t = c.text.toLowerCase().replace(/\s+/g, " ").trim();
    if (t.length >= 12 && (t.includes(a) || a.includes(t))) return true;
  }
  return (
    /^(write|round|simplify|convert|express|reduce|solve|expand|list|name|what|which|how|find|multiply|calculate|add)\b/.test(a) &&
    a.split(" ").length >= 4
  );
}

function clamp(n: number, max: number) {
  return Math.max(0, Math.min(max, Number.isFinite(n) ? n : 0));
}

function status(credit: number): QuestionResult["status"] {
  return credit >= 0.999 ? "correct" : credit > 0 ? "partial" : "incorrect";
}

type Graded = Omit<QuestionResult, "feedback">;

function gradeWithKey(
  key: AnswerKey,
  answers: Map<number, StudentAnswer>,
  readingConfidence: number,
  lines: GradedLine[],
  pageUncertain: boolean,
): Graded[] {
  const contexts = questionContexts(lines, key);
  const column = inAnswerColumn([...answers.values()], lines);
  // Handwriting on the page (words its reader read): a digit lost where two touch is a reading's slip there, not print's.
  const handwritten = lines.some((l) => l.words?.some((w) => "alternatives" in w && w.alternatives));
  return key.questions.map((q) => {
    const found = answers.get(q.number);
    // A blank "Answer:" whose colon was lost in reading ("Answer") is a blank, not an answer.
    const student = found && /^(?:answer|ans)\W*$/i.test(found.answer.trim()) ? { ...found, answer: "" } : found;
    const keyAnswer = describeKeyAnswer(q);
    const line = student && lines[student.line];
    const context = withoutAnswerAfter(contexts.get(q.number), line, student?.answer ?? "");
    if (!student || !student.answer) {
      // Sure it is blank only as far as the page was read well.
      const lineConfidence = student?.readingConfidence ?? readingConfidence;
      const confidence = Math.min(1, lineConfidence * 0.95);
      const review = student
        ? reviewQuestion({ answered: false, status: "missing", lineConfidence, pageUncertain })
        : { needsReview: true, reason: `Question ${q.number} was not found on the page: it may not have been read.` };
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
        needsReview: review.needsReview,
        reviewReason: review.reason,
      };
    }
    const questionLike = looksLikeQuestion(student.answer, q.number, contexts);
    const cleaned = withoutTrailingNoise(line, student.answer);
    let match = questionLike
      ? { credit: 0, confidence: 0.5, reason: "No answer found: what was read looks like question text." }
      : judgeAnswer(q, cleaned, context);
    if (!questionLike && cleaned !== student.answer) {
      // The marks dropped as noise must not decide the mark silently.
      const raw = judgeAnswer(q, student.answer, context);
      if (raw.credit !== match.credit)
        match = { ...match, doubt: `Unclear marks after the answer were ignored ("${student.answer}").`, misread: false };
    }
    // A handwritten number: every reading of its ink is judged, and the mark is the one the ink clearly supports (0043).
    const hand = questionLike ? undefined : handwrittenWord(line, cleaned);
    const verdict = hand && verifyHandwriting(q, cleaned, hand, context, keyAnswer);
    let answerShown = cleaned;
    if (verdict) {
      const judgedDoubt = "doubt" in match && !(verdict.clear && "misread" in match && match.misread) ? match.doubt : undefined;
      match = {
        ...verdict.judgement,
        doubt: [verdict.doubt, verdict.judgement.doubt ?? judgedDoubt].filter(Boolean).join(" ") || undefined,
      };
      answerShown = verdict.answer;
    } else if (!questionLike && match.credit < 1)
      ({ judgement: match, answer: answerShown } = lookalikeJudgement(q, cleaned, keyAnswer, line, context, match));
    // A point the recogniser left out where the page shows one: the answer is read with it, and the mark a look.
    const pointed = questionLike ? undefined : pointSeenReading(q, cleaned, line, context, match.credit);
    if (pointed) {
      const had = "doubt" in match && typeof match.doubt === "string" ? match.doubt : undefined;
      const seen = `Read "${pointed.word}" as ${pointed.seen}: the page shows a ${pointed.mark === "bar" ? "fraction bar" : "point"} the reading left out.`;
      match = withDoubt(pointed.judgement, [had, seen].filter(Boolean).join(" "));
      answerShown = pointed.read;
    }
    // Read surely or verified, a number whose lost point or fraction bar would raise the mark is still a look; so is
    // one a stray digit read at its end, or a digit lost, would, where no ink check weighed the digits (points-seen.ts).
    if (!questionLike && match.credit < 1 && !("doubt" in match && match.doubt))
      match = withDoubt(match, numberDoubt(q, answerShown, context, match.credit, { weighed: !!verdict, handwritten }));
    const review = reviewQuestion({
      answered: true,
      status: status(match.credit),
      lineConfidence: student.readingConfidence,
      wordConfidence: answerWordConfidence(line, cleaned),
      verified: !!verdict,
      // An answer on its own numbered line ("3. 1/2", an answer sheet) or on a test paper's answer lines
      // (answer-column.ts) is where it should be; another taken from a line under its question is a guess to look at.
      source:
        student.source === "guess" && (column.has(q.number) || (line && QUESTION_NUMBER.test(line.text.trim())))
          ? "inline"
          : student.source,
      matchedBy: student.matchedBy,
      doubt: "doubt" in match ? match.doubt : undefined,
      looksLikeQuestion: questionLike,
      pageUncertain,
      rightInWords:
        match.credit === 1 &&
        match.confidence >= 0.9 &&
        !("doubt" in match && match.doubt) &&
        !/\d/.test(cleaned) &&
        (cleaned.match(/\p{L}/gu)?.length ?? 0) >= 5,
    });
    const pointsAwarded = clamp(roundPoints(match.credit * q.points), q.points);
    // A verified handwritten answer's confidence is the probability that its mark is right.
    const answerConfidence = verdict ? verdict.probability : student.readingConfidence;
    return {
      number: q.number,
      questionText: student.questionText ?? null,
      keyAnswer,
      studentAnswer: answerShown,
      pointsAwarded,
      pointsPossible: q.points,
      status: status(match.credit),
      reason: match.reason,
      confidence: verdict
        ? verdict.probability * (verdict.judgement.doubt ? match.confidence : 1)
        : student.readingConfidence * match.confidence,
      readingConfidence: answerConfidence,
      matchConfidence: match.confidence,
      needsReview: review.needsReview,
      reviewReason: review.reason,
    };
  });
}

function gradeWithoutKey(answers: StudentAnswer[], points: number): Graded[] {
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
        needsReview: true,
        reviewReason: "No answer key, and the question cannot be checked automatically.",
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
        ...flagged(reviewQuestion({ answered: false, status: "missing", lineConfidence: a.readingConfidence })),
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
      // Without a key the question itself was read from the page: the teacher checks what was solved.
      ...flagged(
        reviewQuestion({ answered: true, status: status(match.credit), lineConfidence: a.readingConfidence, source: a.source }),
        a.readingConfidence * matchConfidence < REVIEW_CONFIDENCE
          ? "Solved from the question as read; the reading is uncertain."
          : undefined,
      ),
    };
  });
}

function flagged(review: { needsReview: boolean; reason: string | null }, extra?: string) {
  const reason = [review.reason, extra].filter(Boolean).join(" ") || null;
  return { needsReview: !!reason, reviewReason: reason };
}

export function gradeSubmission(input: GradeInput): GradingResult {
  let lines = linesOf(input);
  const text = lines.map((l) => l.text).join("\n");
  const readingConfidence = input.reading ? input.reading.confidence : 1;
  let work = extractFromLines(lines, input.key);
  if (input.template) {
    // A template that swallows answers the page alone shows (a set whose students all wrote the same thing at the
    // same place looks printed) is not trusted for this page: it is read alone (docs/decisions/0038).
    const alone = linesOf({ ...input, template: undefined });
    const aloneWork = extractFromLines(alone, input.key);
    const answered = (w: typeof work) => w.answers.filter((a) => a.answer).length;
    // Half its answers gone is that, not a blank or two under printed options.
    // So is one that leaves a question empty where the page alone reads the key's answer (answers/swallowed.ts).
    if (answered(work) < answered(aloneWork) / 2 || swallowedKeyAnswer(work, aloneWork, input.key)) {
      lines = alone;
      work = aloneWork;
    }
  }
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
    ? gradeWithKey(input.key, answers, readingConfidence || 0.5, lines, !!input.reading && readingConfidence < REVIEW_READING_CONFIDENCE)
    : input.rubric
      ? []
      : gradeWithoutKey(work.answers, input.assignment.points);
  if (!input.key && !input.rubric) {
    flags.push({ type: "no-key", message: "No answer key: only arithmetic and simple equations were checked." });
  }
  const band = gradeBand(input.assignment.gradeLevel);
  const unclaimed = unclaimedWriting(lines, work.answers, work.studentName);
  const questions: QuestionResult[] = graded.map((q) => ({
    ...q,
    ...(q.status === "missing" && !q.needsReview && unclaimed.length
      ? { needsReview: true, reviewReason: unclaimedReason(unclaimed) }
      : {}),
    confidence: Math.max(0, Math.min(1, q.confidence)),
    readingConfidence: Math.max(0, Math.min(1, q.readingConfidence)),
    matchConfidence: Math.max(0, Math.min(1, q.matchConfidence)),
    feedback: questionFeedback(q, band),
    region: answerRegion(lines, answers.get(q.number)),
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

  const unsure = questions.filter((q) => q.status !== "needs-review" && q.needsReview);
  if (unsure.length)
    reviewReasons.push(
      `Check question${unsure.length > 1 ? "s" : ""} ${unsure.map((q) => q.number).join(", ")}: ${unsure[0]!.reviewReason}`,
    );
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
