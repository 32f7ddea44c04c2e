// When a class set's template is found, the pages graded before it (flagged read_alone) are graded again against
// it from their stored reading: no second OCR, and the teacher's overrides kept (saveResult applies them). The
// first results came live and alone; these replace them in D1 quietly, feedback rewritten by the same writer.
import { and, eq } from "drizzle-orm";
import type { TeacherScope } from "../../core/db/scoped";
import { submissions } from "../../core/db/schema";
import type { AnswerKey, GradingResult, Rubric, WorksheetTemplate } from "./engines";
import { forgetClassSetPages, SETTLED_PAGES, storedReading } from "./class-set";
import { writeFeedback } from "./feedback-step";
import { keepAnswerCrops } from "./answer-crops";
import type { GradingProvider } from "./providers";
import type { JobEventSink } from "./results";
import { identifyStudent, READ_ALONE, saveResult, type Assignment } from "./submission-results";

/** Feedback written for a regrade goes to D1 only: the job's live log already told this page's story. */
const quiet: JobEventSink = { append: async () => null };

export async function regradeReadAlone(
  env: Env,
  scope: TeacherScope,
  assignment: Assignment,
  template: WorksheetTemplate,
  grading: {
    provider: GradingProvider;
    key?: AnswerKey;
    rubric?: Rubric;
    assignment: Parameters<GradingProvider["grade"]>[0]["assignment"];
  },
  current: string,
): Promise<number> {
  const earlier = await scope.rows(submissions, and(eq(submissions.assignmentId, assignment.id), eq(submissions.status, "graded")));
  let count = 0;
  for (const submission of earlier) {
    if (submission.id === current || !submission.flags.includes(READ_ALONE)) continue;
    const reading = await storedReading(env.UPLOADS, scope.teacherId, assignment.id, submission.id);
    if (!reading) continue;
    const { provider, key, rubric } = grading;
    const graded: GradingResult = await provider.grade({ reading, key, rubric, assignment: grading.assignment, template });
    const { unlinked, ...who } = await identifyStudent(scope, submission, assignment, graded.studentName);
    const result: GradingResult = unlinked
      ? {
          ...graded,
          needsReview: true,
          reviewReasons: [...graded.reviewReasons, unlinked],
          flags: [...graded.flags, { type: "student-not-linked", message: unlinked }],
        }
      : graded;
    const feedback = await writeFeedback(provider, { submission, attempt: 0, result, reading, assignment: grading.assignment }, quiet);
    const crops = await keepAnswerCrops(
      env.UPLOADS,
      { teacherId: scope.teacherId, submissionId: submission.id },
      reading,
      result.questions,
    );
    await saveResult(scope, submission, { result, reading, feedback, ...who, crops });
    count += 1;
  }
  if (template.pages >= SETTLED_PAGES) await forgetClassSetPages(env.UPLOADS, scope.teacherId, assignment.id);
  return count;
}
