// The hosted reader for what stays uncertain (issue 31 item 4, decision 0053). After judging, each question still
// flagged for its handwriting (a word whose ink the local readers read more than one way) may be read once more by
// the configured vision model, when the teacher allows it: the answer's crop alone is sent (no name, no page, no
// key), and the question is judged again on that reading. A reading the hosted model agrees with is taken; the flag
// is lifted only when a local reader read it too. A failing provider never stops grading: the local marks stand.
import { gradeBand, overallFeedback, questionFeedback } from "../../core/feedback/compose";
import { roundPoints } from "./answers/answer-key";
import { cropBoxes, type AnswerKey, type Assignment, type DocumentReading, type GradingResult, type KeyQuestion } from "./engines";
import type { PageReading, WordAlternatives } from "./reading/types";
import type { AnswerForm, AnswerReader } from "./reading/ocr/answer-reader";
import { substituteWord } from "./judging/handwriting";
import { judgeAnswer } from "./judging/judge";

type QuestionResult = GradingResult["questions"][number];

/** At most this many crops of one page go to the hosted model, the least certain first. */
export const MAX_HOSTED_READS_PER_PAGE = 4;
/** A hosted reading that takes longer than this is given up, and the local marks stand. */
export const HOSTED_READ_TIMEOUT_MS = 10_000;
/** A crop larger than this share of its page is more than one answer: it is not sent. */
export const MAX_CROP_SHARE = 0.15;
/**
 * The confidence of a mark two readers agree on, the local handwriting reader or PP-OCR and the hosted model. Not
 * measured (no hosted model is reachable offline): the threshold at which a mark is given without a look.
 */
export const AGREED_CONFIDENCE = 0.9;

interface Uncertain {
  question: QuestionResult;
  key: KeyQuestion;
  page: PageReading;
  alternatives: WordAlternatives;
  /** The reading of the ink the local mark was given on. */
  marked: string;
}

const spelled = (text: string) => text.replace(/\s+/g, "").toLowerCase();
const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

/** The answer with the marked reading's word replaced by `reading`; `reading` alone when the word is not in it. */
const substitute = (answer: string, word: string, reading: string) => substituteWord(answer, word, reading) ?? reading;

/** The handwritten word inside the answer's region that carries the local readers' readings. */
function inkIn(page: PageReading, region: NonNullable<QuestionResult["region"]>): WordAlternatives | undefined {
  let found: WordAlternatives | undefined;
  for (const line of page.lines) {
    for (const word of line.words) {
      if (!word.alternatives?.readings.length) continue;
      const cx = word.bbox.x + word.bbox.width / 2;
      const cy = word.bbox.y + word.bbox.height / 2;
      if (cx >= region.x && cx <= region.x + region.width && cy >= region.y && cy <= region.y + region.height) found = word.alternatives;
    }
  }
  return found;
}

/** Sentences of a review reason that doubt the ink's reading (they quote one of its readings); the rest stand. */
function splitReasons(reason: string | null, ink: WordAlternatives) {
  const readings = new Set([...ink.readings.map((r) => r.text), ink.ocr.text].map((t) => `"${t}"`));
  const sentences = (reason ?? "").split(/(?<=[.!?])\s+(?=[A-Z])/).filter(Boolean);
  const aboutInk = (s: string) => /handwriting|page reader/i.test(s) || [...readings].some((r) => s.includes(r));
  return { ink: sentences.filter(aboutInk), other: sentences.filter((s) => !aboutInk(s)) };
}

/** The questions flagged for how their handwriting was read, with a crop to send. */
function uncertainAnswers(reading: DocumentReading, key: AnswerKey, result: GradingResult): Uncertain[] {
  const found: Uncertain[] = [];
  for (const question of result.questions) {
    const region = question.region;
    if (!question.needsReview || !region || !question.studentAnswer) continue;
    const page = reading.pages.find((p) => p.number === region.page);
    const keyQuestion = key.questions.find((k) => k.number === question.number);
    if (!page?.strips?.length || !keyQuestion) continue;
    if (page.width && page.height && region.width * region.height > MAX_CROP_SHARE * page.width * page.height) continue;
    const alternatives = inkIn(page, region);
    if (!alternatives || !splitReasons(question.reviewReason, alternatives).ink.length) continue;
    const tokens = question.studentAnswer.split(/\s+/);
    const marked = alternatives.readings.find((r) => tokens.includes(r.text))?.text ?? alternatives.readings[0].text;
    found.push({ question, key: keyQuestion, page, alternatives, marked });
  }
  return found;
}

function formOf(key: KeyQuestion): AnswerForm | undefined {
  return key.accepted[0]?.value.kind;
}

/** The call, given up after HOSTED_READ_TIMEOUT_MS even when the provider does not heed its abort signal. */
async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`No answer within ${HOSTED_READ_TIMEOUT_MS / 1000} s.`);
      error.name = "TimeoutError";
      controller.abort(error);
      reject(error);
    }, HOSTED_READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each uncertain answer's crop read by the hosted model, page by page, until the first failure. */
async function readCrops(reader: AnswerReader, uncertain: Uncertain[]): Promise<Map<number, string>> {
  const read = new Map<number, string>();
  for (const page of new Set(uncertain.map((u) => u.page))) {
    const onPage = uncertain
      .filter((u) => u.page === page)
      .sort((a, b) => a.question.confidence - b.question.confidence)
      .slice(0, MAX_HOSTED_READS_PER_PAGE);
    let crops: (Uint8Array | null)[];
    try {
      crops = cropBoxes(
        { strips: page.strips!, width: page.width, height: page.height },
        onPage.map((u) => u.question.region!),
      );
    } catch (error) {
      console.warn("Answer crops could not be cut for the hosted reader:", error instanceof Error ? error.message : error);
      continue;
    }
    for (const [i, u] of onPage.entries()) {
      const png = crops[i];
      if (!png) continue;
      try {
        read.set(u.question.number, await withTimeout((signal) => reader.read(png, formOf(u.key), signal)));
      } catch (error) {
        // Logged once: the provider is down or misconfigured, so the rest of the page is not sent either.
        const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        console.warn(`The hosted answer reader (${reader.provider}:${reader.modelId}) failed, the local marks stand. ${why}`);
        return read;
      }
    }
  }
  return read;
}

/** How PP-OCR misreads handwritten digits (issue 31): "/3" is 13, "q" is 9, "y" is 4. */
const DIGIT_LOOKALIKES: Record<string, string> = { "/": "1", "|": "1", l: "1", I: "1", q: "9", g: "9", y: "4", O: "0", o: "0" };

/**
 * PP-OCR read `reading`'s digits, its lookalike letters taken as the digits they stand for, with at most one digit
 * lost where two touch ("48" for 248): the slip it makes; it seldom adds a digit.
 */
function ocrReads(ocr: WordAlternatives["ocr"], reading: string): boolean {
  const digits = [...ocr.text.replace(/\s+/g, "")].map((c) => DIGIT_LOOKALIKES[c] ?? c).join("");
  const wanted = spelled(reading);
  if (digits === wanted) return true;
  if (!/^\d{2,}$/.test(digits) || !/^\d+$/.test(wanted) || digits.length !== wanted.length - 1) return false;
  return [...wanted].some((_, i) => wanted.slice(0, i) + wanted.slice(i + 1) === digits);
}

function statusOf(credit: number): QuestionResult["status"] {
  return credit >= 0.999 ? "correct" : credit > 0 ? "partial" : "incorrect";
}

/** The question judged again with the hosted reading beside the local ones. */
function rejudged(u: Uncertain, hosted: string): QuestionResult {
  const q = u.question;
  const { ink, other } = splitReasons(q.reviewReason, u.alternatives);
  const answered = q.studentAnswer ?? "";
  const taken = u.alternatives.readings.find(
    (r) => spelled(hosted) && (spelled(hosted) === spelled(r.text) || spelled(hosted) === spelled(substitute(answered, u.marked, r.text))),
  );
  if (!taken) {
    // The hosted model read something else: the local mark stands, flagged, with the hosted reading shown too.
    const saw = hosted ? `A hosted reader read ${quoted(hosted)}.` : "A hosted reader saw no answer.";
    return { ...q, reviewReason: [...ink, ...other, saw].join(" ") };
  }
  // Lifted only when a local reader read it too: the handwriting reader's mark, or PP-OCR's reading.
  const agreed = taken.text === u.marked || ocrReads(u.alternatives.ocr, taken.text);
  const answer = substitute(answered, u.marked, taken.text);
  const judgement = taken.text === u.marked ? undefined : judgeAnswer(u.key, answer);
  const doubt = judgement?.doubt ? [judgement.doubt] : [];
  const note = `A hosted reader read ${quoted(hosted)}${taken.text === u.marked ? "" : ": the mark is given on that reading"}.`;
  const reasons = agreed ? [...other, ...doubt] : [...ink, ...other, ...doubt, note];
  const probability = agreed ? Math.max(AGREED_CONFIDENCE, taken.probability) : taken.probability;
  const matchConfidence = judgement?.confidence ?? q.matchConfidence;
  // As the grader weighs a verified mark: the ink's probability, times the judgement's when it doubts.
  const confidence = judgement
    ? probability * (judgement.doubt ? judgement.confidence : 1)
    : other.length
      ? q.confidence
      : Math.max(q.confidence, probability);
  return {
    ...q,
    studentAnswer: answer,
    ...(judgement && {
      pointsAwarded: Math.min(q.pointsPossible, Math.max(0, roundPoints(judgement.credit * u.key.points))),
      status: statusOf(judgement.credit),
    }),
    reason: `${judgement?.reason ?? q.reason}${agreed ? ` ${note}` : ""}`,
    confidence: Math.min(1, confidence),
    readingConfidence: Math.max(judgement ? 0 : q.readingConfidence, probability),
    matchConfidence,
    needsReview: reasons.length > 0,
    reviewReason: reasons.length ? reasons.join(" ") : null,
  };
}

/** The result with its questions replaced: the total, the review reasons and the feedback follow. */
function withQuestions(result: GradingResult, questions: QuestionResult[], assignment: Assignment): GradingResult {
  const band = gradeBand(assignment.gradeLevel);
  const marked = questions.map((q, i) => (q === result.questions[i] ? q : { ...q, feedback: questionFeedback(q, band) }));
  const rubric = result.rubric.reduce((s, c) => s + (c.pointsAwarded ?? 0), 0);
  const total = Math.min(result.max, roundPoints(marked.reduce((s, q) => s + q.pointsAwarded, 0) + rubric));
  const percent = result.max ? Math.round((total / result.max) * 1000) / 10 : 0;
  // The grader's "Check questions …" line names the questions still flagged (judging/grade.ts).
  const unsure = marked.filter((q) => q.status !== "needs-review" && q.needsReview);
  const check = unsure.length
    ? [`Check question${unsure.length > 1 ? "s" : ""} ${unsure.map((q) => q.number).join(", ")}: ${unsure[0].reviewReason}`]
    : [];
  const at = result.reviewReasons.findIndex((r) => r.startsWith("Check question"));
  const reviewReasons =
    at < 0 ? [...check, ...result.reviewReasons] : [...result.reviewReasons.slice(0, at), ...check, ...result.reviewReasons.slice(at + 1)];
  const local = result.provider.name === "local";
  return {
    ...result,
    questions: marked,
    total,
    percent,
    needsReview: reviewReasons.length > 0,
    reviewReasons,
    feedback: local
      ? overallFeedback({ questions: marked, rubric: result.rubric, total, max: result.max, percent }, assignment)
      : result.feedback,
  };
}

export interface UncertainAnswersInput {
  reading: DocumentReading;
  key: AnswerKey | undefined;
  result: GradingResult;
  assignment: Assignment;
}

/** The result with its uncertain handwritten answers read again by the hosted reader, when there is one. */
export async function rereadUncertainAnswers(reader: AnswerReader | undefined, input: UncertainAnswersInput): Promise<GradingResult> {
  const { reading, key, result, assignment } = input;
  if (!reader || !key) return result;
  const uncertain = uncertainAnswers(reading, key, result);
  if (!uncertain.length) return result;
  const hosted = await readCrops(reader, uncertain);
  if (!hosted.size) return result;
  const questions = result.questions.map((q) => {
    const u = uncertain.find((x) => x.question === q);
    const text = hosted.get(q.number);
    return u && text !== undefined ? rejudged(u, text) : q;
  });
  return withQuestions(result, questions, assignment);
}
