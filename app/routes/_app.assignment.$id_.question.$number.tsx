import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormAlert } from "~/components/ui/field";
import { formatPoints, pointsLabel } from "~/lib/format";
import { AssignmentInputError } from "~/server/assignments.server";
import { QuestionBatchForm } from "~/schemas/assignments";
import { requireTeacher } from "~/server/auth.server";
import { getDb, type Db } from "../../core/db/client";
import { answerCropUrl } from "../../core/files/answer-crop-keys";
import { actOnGroup, answerGroups } from "~/server/answer-groups.server";
import { AnswerInk } from "~/components/ui/answer-ink";
import { AnswerGroups } from "./+question-page/answer-groups";
import { questionAcrossSubmissions, questionNumbers, saveQuestionAcrossSubmissions } from "~/server/submissions.server";
import { DataTable } from "~/components/ui/data-table";
import { NotFoundBoundary } from "~/components/classes/not-found";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Question ${data?.number ?? ""} · ${data?.assignment.title ?? ""} | Gradewell` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const number = params.number ?? "";
  const found = await questionAcrossSubmissions(db, teacher.id, params.id ?? "", number);
  if (!found) throw new Response("Assignment not found", { status: 404 });
  const numbers = await questionNumbers(db, teacher.id, found.assignment.id);
  const at = numbers.indexOf(number);
  return {
    number,
    assignment: { id: found.assignment.id, title: found.assignment.title },
    previous: at > 0 ? numbers[at - 1] : null,
    next: at >= 0 && at < numbers.length - 1 ? numbers[at + 1] : null,
    rows: found.rows.map(({ submission, question }) => ({
      questionId: question.id,
      submissionId: submission.id,
      student: submission.studentName || "Unnamed student",
      keyAnswer: question.keyAnswer,
      studentAnswer: question.studentAnswer,
      points: question.pointsAwarded,
      possible: question.pointsPossible,
      aiPoints: question.aiPoints,
      edited: question.editedAt != null,
      reason: question.reason,
      confidence: question.confidence,
      needsReview: question.needsReview && question.editedAt == null,
      reviewReason: question.reviewReason,
      feedback: question.feedback,
      cropUrl: answerCropUrl(question),
    })),
    groups: answerGroups(found.rows),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const form = await request.formData();
  if (form.get("intent") === "group") return groupAction(db, teacher, params.id ?? "", params.number ?? "", form);
  const checked = QuestionBatchForm.safeParse(Object.fromEntries(form));
  if (!checked.success) return data({ error: checked.error.issues[0]?.message ?? "Invalid form.", saved: null }, { status: 400 });
  const changes = new Map<string, { points: number; feedback?: string }>();
  for (const [key, value] of form.entries()) {
    const match = key.match(/^points\.(.+)$/);
    if (!match || typeof value !== "string") continue;
    const points = Number(value);
    if (value.trim() === "" || !Number.isFinite(points) || points < 0)
      return data({ error: "Enter a number of points for every student.", saved: null }, { status: 400 });
    const feedback = form.get(`feedback.${match[1]}`);
    changes.set(match[1], { points, feedback: typeof feedback === "string" ? feedback : undefined });
  }
  try {
    const changed = await saveQuestionAcrossSubmissions(db, teacher, params.id ?? "", params.number ?? "", changes);
    return { error: null, saved: changed ? `Saved ${changed} ${changed === 1 ? "change" : "changes"}.` : "No changes to save." };
  } catch (error) {
    if (error instanceof AssignmentInputError && error.status === 404) throw new Response("Assignment not found", { status: 404 });
    throw error;
  }
}

/** Confirms or marks one answer group; a stale group or bad points answer a message, an unknown assignment 404. */
async function groupAction(db: Db, teacher: { id: string; name: string }, assignmentId: string, number: string, form: FormData) {
  const points = Number(form.get("points"));
  const kind = form.get("kind");
  if (kind === "mark" && (String(form.get("points") ?? "").trim() === "" || !Number.isFinite(points))) {
    return data({ error: "Enter the points for the group.", saved: null }, { status: 400 });
  }
  try {
    const count = await actOnGroup(
      db,
      teacher,
      assignmentId,
      number,
      String(form.get("key") ?? ""),
      kind === "mark" ? { kind, points } : { kind: "confirm" },
    );
    const students = `${count} ${count === 1 ? "student" : "students"}`;
    return { error: null, saved: kind === "mark" ? `Marked ${students}.` : `Confirmed the marks of ${students}.` };
  } catch (error) {
    if (!(error instanceof AssignmentInputError)) throw error;
    if (error.status === 404) throw new Response("Assignment not found", { status: 404 });
    return data({ error: error.message, saved: null }, { status: error.status });
  }
}

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none";

export default function QuestionPage() {
  const { number, assignment, rows, groups, previous, next } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const base = `/assignment/${assignment.id}/question`;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to={`/assignment/${assignment.id}`} className="font-medium text-slate-600 hover:text-slate-900">
          <span aria-hidden="true">←</span> {assignment.title}
        </Link>
        <span className="flex gap-2">
          {previous ? (
            <Link
              to={`${base}/${encodeURIComponent(previous)}`}
              className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium text-slate-700 hover:bg-slate-50"
            >
              Question {previous}
            </Link>
          ) : null}
          {next ? (
            <Link
              to={`${base}/${encodeURIComponent(next)}`}
              className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium text-slate-700 hover:bg-slate-50"
            >
              Question {next}
            </Link>
          ) : null}
        </span>
      </nav>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Question {number}</h1>
      <p className="mt-1 text-slate-600">Every student&apos;s answer to this question. Adjust points, then save them all at once.</p>
      {rows[0]?.keyAnswer ? (
        <p className="mt-3 inline-block rounded-md bg-brand-50 px-3 py-1.5 text-sm text-brand-800">
          Key: <strong>{rows[0].keyAnswer}</strong> · {pointsLabel(rows[0].possible)}
        </p>
      ) : null}
      <div className="mt-4 space-y-3">
        {actionData?.error ? <FormAlert message={actionData.error} /> : null}
        {actionData?.saved && !busy ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
            {actionData.saved}
          </p>
        ) : null}
      </div>
      <AnswerGroups groups={groups} busy={busy} />
      {rows.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">No student has a result for this question.</p>
      ) : (
        <Form method="post" className="mt-6">
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <DataTable variant="panel" columns={["Student", "Answer read", "Feedback", "Points"]}>
              {rows.map((r) => (
                <tr key={r.questionId} className={r.needsReview ? "bg-orange-50/60" : ""}>
                  <td className="px-4 py-3 align-top">
                    <Link
                      to={`/assignment/${assignment.id}/submission/${r.submissionId}`}
                      className="font-medium text-slate-900 hover:underline"
                    >
                      {r.student}
                    </Link>
                    <span className="block text-xs text-slate-500">Confidence {Math.round(r.confidence * 100)}%</span>
                  </td>
                  <td className="px-4 py-3 align-top">
                    <span className="font-medium">{r.studentAnswer ?? "—"}</span>
                    <AnswerInk src={r.cropUrl} answer={r.studentAnswer} size="sm" />
                    {r.reason ? <span className="block text-xs text-slate-600">{r.reason}</span> : null}
                    {r.needsReview ? (
                      <span className="block text-xs font-medium text-orange-800">Needs review: {r.reviewReason ?? "please check"}</span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 align-top">
                    <label htmlFor={`feedback-${r.questionId}`} className="sr-only">
                      Feedback for {r.student}
                    </label>
                    <textarea
                      id={`feedback-${r.questionId}`}
                      name={`feedback.${r.questionId}`}
                      defaultValue={r.feedback}
                      rows={2}
                      className={inputClass}
                    />
                  </td>
                  <td className="w-36 px-4 py-3 align-top">
                    <label htmlFor={`points-${r.questionId}`} className="sr-only">
                      Points for {r.student}
                    </label>
                    <div className="flex items-center gap-1">
                      <input
                        id={`points-${r.questionId}`}
                        name={`points.${r.questionId}`}
                        type="number"
                        step="any"
                        min={0}
                        max={r.possible}
                        defaultValue={r.points}
                        className={inputClass}
                      />
                      <span className="text-xs text-slate-500">/{formatPoints(r.possible)}</span>
                    </div>
                    {r.edited && r.aiPoints != null ? (
                      <span className="mt-1 block text-xs text-slate-500">AI gave {formatPoints(r.aiPoints)}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
          <div className="mt-4 flex justify-end">
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-brand-600 px-5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
            >
              Save all
            </button>
          </div>
        </Form>
      )}
    </main>
  );
}

/** A missing (or another teacher's) assignment gets a not-found page inside the app's layout. */
export function ErrorBoundary() {
  return <NotFoundBoundary title="Assignment not found" back={{ to: "/assignments", label: "Back to Assignments" }} />;
}
