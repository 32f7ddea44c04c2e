import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { JobProgress } from "~/components/assignments/job-progress";
import { ExportDialog } from "~/components/exports/export-dialog";
import { StatusBadge } from "~/components/ui/toggle";
import { FormAlert } from "~/components/ui/field";
import { capitalize, formatDueDate, formatFileSize, formatPercent, formatScore, pointsLabel } from "~/lib/format";
import { AssignmentInputError, assignmentDetail, type StudentRow } from "~/server/assignments.server";
import { processAssignment } from "~/server/jobs.server";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { approveAllGraded } from "~/server/submissions.server";
import { DataTable } from "~/components/ui/data-table";
import { SaveToDrive } from "~/components/google/save-to-drive";
import { AssignmentClassroom } from "~/components/classroom/assignment-classroom";
import { driveState } from "~/server/google/settings.server";
import { NotFoundBoundary } from "~/components/classes/not-found";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.assignment.title ?? "Assignment"} | Gradewell` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const detail = await assignmentDetail(getDb(context.cloudflare.env.DB), teacher.id, params.id ?? "");
  if (!detail) throw new Response("Assignment not found", { status: 404 });
  const { assignment, job, ...rest } = detail;
  const google = await driveState(context, teacher.id);
  return {
    ...rest,
    google,
    assignment: {
      id: assignment.id,
      title: assignment.title,
      description: assignment.description,
      instructions: assignment.instructions,
      assignmentType: assignment.assignmentType,
      subject: assignment.subject,
      gradeLevel: assignment.gradeLevel,
      dueDate: assignment.dueDate?.toISOString() ?? null,
      points: assignment.points,
      estimatedTime: assignment.estimatedTime,
      requireManualReview: assignment.requireManualReview,
      selectedStandards: assignment.selectedStandards,
      hasAnswerKeyText: Boolean(assignment.answerKeyText),
      processingMode: assignment.processingMode,
      classId: assignment.classId,
    },
    job: job ? { id: job.id, status: job.status, done: job.done, failed: job.failed, total: job.total } : null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const env = context.cloudflare.env;
  const db = getDb(env.DB);
  const form = await request.formData();
  const id = params.id ?? "";
  try {
    if (form.get("intent") === "process") {
      await processAssignment(env, db, teacher.id, id);
      throw redirect(`/assignment/${id}`);
    }
    if (form.get("intent") === "approve-all") {
      const detail = await assignmentDetail(db, teacher.id, id);
      if (!detail) throw new Response("Assignment not found", { status: 404 });
      const count = await approveAllGraded(db, teacher, id);
      return { message: count ? `Approved ${count} ${count === 1 ? "grade" : "grades"}.` : "Nothing left to approve.", error: null };
    }
  } catch (error) {
    if (error instanceof AssignmentInputError) {
      if (error.status === 404) throw new Response("Assignment not found", { status: 404 });
      return data({ message: null, error: error.message }, { status: error.status });
    }
    if (error instanceof Response) throw error;
    console.warn("processing could not start", error);
    return data({ message: null, error: "Processing could not start. The assignment is saved; please try again." }, { status: 503 });
  }
  return data({ message: null, error: "Unknown action." }, { status: 400 });
}

type SortKey = "review" | "student" | "status" | "grade";

function sortRows(rows: StudentRow[], key: SortKey, dir: "asc" | "desc") {
  const sign = dir === "asc" ? 1 : -1;
  const byName = (a: StudentRow, b: StudentRow) => a.student.localeCompare(b.student, "en", { sensitivity: "base" });
  const order = { pending: 0, graded: 1, missing: 2 } as const;
  return [...rows].sort((a, b) => {
    if (key === "review") return Number(b.needsReview) - Number(a.needsReview) || byName(a, b);
    if (key === "student") return sign * byName(a, b);
    if (key === "status") return sign * (order[a.status] - order[b.status]) || byName(a, b);
    const pa = a.status === "graded" ? (a.percent ?? -1) : -2;
    const pb = b.status === "graded" ? (b.percent ?? -1) : -2;
    return sign * (pa - pb) || byName(a, b);
  });
}

function gradeText(row: StudentRow) {
  if (row.status === "missing") return "—";
  if (row.held && row.score != null) return "Awaiting approval";
  if (row.pipelineStatus === "failed") return "Could not be read";
  if (row.pipelineStatus === "pending" || row.pipelineStatus === "processing")
    return row.pipelineStatus === "processing" ? "Grading…" : "Not graded yet";
  if (row.score == null) return "Needs a score";
  return `${formatScore(row.score, row.maxScore)} (${formatPercent(row.percent)})`;
}

export default function AssignmentPage() {
  const { assignment, className, files, rows, status, pendingCount, job, questionNumbers, google } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const sort = (searchParams.get("sort") as SortKey) || "review";
  const dir = searchParams.get("dir") === "desc" ? "desc" : "asc";
  const sorted = sortRows(rows, sort, dir);
  const running = job && (job.status === "processing" || job.status === "queued");
  const busy = navigation.state === "submitting";
  const keyFiles = files.filter((f) => f.kind === "answer_key" || f.kind === "rubric" || f.kind === "blank_worksheet");
  const counts = {
    graded: rows.filter((r) => r.status === "graded").length,
    pending: rows.filter((r) => r.status === "pending").length,
    missing: rows.filter((r) => r.status === "missing").length,
    review: rows.filter((r) => r.needsReview).length,
  };
  const sortLink = (key: SortKey) => {
    const next = new URLSearchParams(searchParams);
    next.set("sort", key);
    next.set("dir", sort === key && dir === "asc" ? "desc" : "asc");
    return `?${next}`;
  };
  const ariaSort = (key: SortKey) => (sort === key ? (dir === "asc" ? "ascending" : "descending") : "none");
  const arrow = (key: SortKey) => (sort === key ? (dir === "asc" ? " ↑" : " ↓") : "");

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="flex gap-4 text-sm">
        <Link to="/dashboard" className="font-medium text-slate-600 hover:text-slate-900">
          <span aria-hidden="true">←</span> Back to Dashboard
        </Link>
        <Link to="/assignments" className="font-medium text-slate-600 hover:text-slate-900">
          All assignments
        </Link>
      </nav>

      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight">{assignment.title}</h1>
            <StatusBadge status={status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {capitalize(assignment.assignmentType)}
            {assignment.subject ? ` · ${assignment.subject}` : ""}
            {assignment.gradeLevel ? ` · ${assignment.gradeLevel}` : ""}
            {className ? ` · ${className}` : ""} · {pointsLabel(assignment.points)} ·{" "}
            {assignment.dueDate ? `Due ${formatDueDate(assignment.dueDate)}` : "No due date"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/assignment/${assignment.id}/delete`}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Delete assignment
          </Link>
          {pendingCount > 0 && !running ? (
            <Form method="post">
              <button
                name="intent"
                value="process"
                disabled={busy}
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
              >
                {`Grade ${pendingCount} ${pendingCount === 1 ? "submission" : "submissions"} now`}
              </button>
            </Form>
          ) : null}
          {counts.graded + counts.review > 0 ? (
            <Form method="post">
              <button
                name="intent"
                value="approve-all"
                disabled={busy}
                className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-60"
              >
                Approve all grades
              </button>
            </Form>
          ) : null}
          <ExportDialog kind="assignment" id={assignment.id} classId={assignment.classId} />
        </div>
      </div>

      <div className="mt-4 space-y-3">
        {google.configured ? <AssignmentClassroom assignmentId={assignment.id} /> : null}
        {google.configured && rows.some((row) => row.status === "graded") ? (
          <SaveToDrive assignmentId={assignment.id} driveConnected={google.driveConnected} />
        ) : null}
        {actionData?.error ? <FormAlert message={actionData.error} /> : null}
        {actionData?.message ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
            {actionData.message}
          </p>
        ) : null}
        {running && job ? <JobProgress jobId={job.id} initial={{ done: job.done, failed: job.failed, total: job.total }} /> : null}
        {assignment.requireManualReview ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Manual review is on: grades stay pending until you approve them.
          </p>
        ) : null}
      </div>

      <section aria-label="Summary" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Graded", counts.graded],
          ["Pending", counts.pending],
          ["Missing", counts.missing],
          ["Needs review", counts.review],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
            <p className="mt-1 text-2xl font-semibold">{value}</p>
          </div>
        ))}
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm lg:col-span-2"
          aria-labelledby="students-title"
        >
          <div className="flex items-center justify-between px-4 pt-4">
            <h2 id="students-title" className="text-base font-semibold">
              Students
            </h2>
            {sort !== "review" ? (
              <Link to="?" className="text-xs font-medium text-brand-600 hover:underline">
                Needs review first
              </Link>
            ) : null}
          </div>
          {rows.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">No student work yet.</p>
          ) : (
            <DataTable
              variant="panel"
              columns={[
                {
                  label: (
                    <Link to={sortLink("student")} preventScrollReset className="hover:text-slate-900">
                      Student{arrow("student")}
                    </Link>
                  ),
                  ariaSort: ariaSort("student"),
                },
                {
                  label: (
                    <Link to={sortLink("status")} preventScrollReset className="hover:text-slate-900">
                      Status{arrow("status")}
                    </Link>
                  ),
                  ariaSort: ariaSort("status"),
                },
                {
                  label: (
                    <Link to={sortLink("grade")} preventScrollReset className="hover:text-slate-900">
                      Grade{arrow("grade")}
                    </Link>
                  ),
                  ariaSort: ariaSort("grade"),
                },
                { label: "Review", srOnly: true },
              ]}
              className="mt-2"
            >
              {sorted.map((row) => (
                <tr key={row.key} data-testid="student-row">
                  <td className="px-4 py-3">
                    <span className="block font-medium text-slate-900">{row.student}</span>
                    {/* A long file name wraps, so the Review button stays on a phone's screen. */}
                    {row.fileName ? <span className="block text-xs break-all text-slate-500">{row.fileName}</span> : null}
                  </td>
                  <td className="px-4 py-3">
                    <span className="flex flex-wrap gap-1">
                      <StatusBadge status={row.status} />
                      {row.needsReview ? <StatusBadge status="needs review" /> : null}
                      {row.approved ? <StatusBadge status="approved" /> : null}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{gradeText(row)}</td>
                  <td className="px-4 py-3 text-right">
                    {row.submissionId ? (
                      <Link
                        to={`/assignment/${assignment.id}/submission/${row.submissionId}`}
                        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                        aria-label={`Review ${row.student}`}
                      >
                        Review
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>

        <aside className="space-y-6">
          {questionNumbers.length ? (
            <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-base font-semibold">Grade by question</h2>
              <p className="mt-1 text-xs text-slate-600">Check one question across every student.</p>
              <ul className="mt-3 flex flex-wrap gap-2">
                {questionNumbers.map((n) => (
                  <li key={n}>
                    <Link
                      to={`/assignment/${assignment.id}/question/${encodeURIComponent(n)}`}
                      className="inline-block rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
                    >
                      Q{n}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="text-base font-semibold">Key and rubric</h2>
            {keyFiles.length === 0 && !assignment.hasAnswerKeyText ? (
              <p className="mt-2 text-sm text-slate-600">No answer key or rubric.</p>
            ) : null}
            {assignment.hasAnswerKeyText ? <p className="mt-2 text-sm text-slate-700">Typed answer key</p> : null}
            <ul className="mt-2 space-y-1 text-sm">
              {keyFiles.map((f) => (
                <li key={f.id}>
                  <a href={`/api/files/${f.id}`} target="_blank" rel="noreferrer" className="font-medium text-brand-600 hover:underline">
                    {f.fileName}
                  </a>{" "}
                  <span className="text-xs text-slate-500">
                    {f.kind === "rubric" ? "rubric" : f.kind === "blank_worksheet" ? "blank worksheet" : "answer key"} ·{" "}
                    {formatFileSize(f.size)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          {assignment.description || assignment.instructions || assignment.selectedStandards.length ? (
            <section className="rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
              <h2 className="text-base font-semibold">About this assignment</h2>
              {assignment.description ? <p className="mt-2 whitespace-pre-line text-slate-700">{assignment.description}</p> : null}
              {assignment.instructions ? (
                <>
                  <h3 className="mt-3 font-medium">Instructions</h3>
                  <p className="mt-1 whitespace-pre-line text-slate-700">{assignment.instructions}</p>
                </>
              ) : null}
              {assignment.selectedStandards.length ? (
                <ul className="mt-3 flex flex-wrap gap-1">
                  {assignment.selectedStandards.map((s) => (
                    <li key={s} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                      {s}
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}
        </aside>
      </div>
    </main>
  );
}

/** A missing (or another teacher's) assignment gets a not-found page inside the app's layout. */
export function ErrorBoundary() {
  return <NotFoundBoundary title="Assignment not found" back={{ to: "/assignments", label: "Back to Assignments" }} />;
}
