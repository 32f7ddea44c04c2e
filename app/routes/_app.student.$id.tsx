import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Await, Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Suspense } from "react";
import { GradeTrendChart, ProgressLineChart, ScoresBarChart } from "~/components/charts/charts";
import { NotFoundBoundary, notFound } from "~/components/classes/not-found";
import {
  Badge,
  card,
  Flash,
  formatDate,
  primaryButton,
  scoreTone,
  secondaryButton,
  smallButton,
  StatCard,
  TabLinks,
  textareaClass,
} from "~/components/classes/ui";
import { AccessLogList } from "~/components/access-log-list";
import { Avatar } from "~/components/students/avatar";
import { InsightList } from "~/components/students/insights";
import { FieldError, FormAlert, SelectField, TextField } from "~/components/ui/field";
import { GRADE_LEVELS } from "../../core/constants";
import { formatPercent, gradeLabel } from "~/lib/grades";
import { NoteForm, StudentDetailsForm } from "~/schemas/classes";
import { accessLogFor, logAccess } from "~/server/access-log.server";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { addNote, deleteNote, listNotes, updateNote } from "~/server/notes.server";
import { getStudent, studentProfile, updateStudent } from "~/server/students.server";
import { DataTable } from "~/components/ui/data-table";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.name ?? "Student"} | Gradewell` }];

const TABS = [
  { key: "overview", label: "Overview" },
  { key: "grades", label: "Grades" },
  { key: "progress", label: "Progress" },
  { key: "notes", label: "Notes" },
] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const student = await getStudent(db, teacher.id, params.id!);
  if (!student) notFound();
  // The figures stream in behind 'Loading student profile...'.
  const profile = studentProfile(db, teacher.id, student.id).then((p) => {
    if (!p) return null;
    const { works: _works, ...rest } = p;
    return rest;
  });
  const notes = listNotes(db, teacher.id, student.id);
  await logAccess(db, teacher, [{ action: "viewed", studentId: student.id, studentName: student.name, target: "Student profile" }]);
  const accessLog = await accessLogFor(db, teacher.id, { studentId: student.id, limit: 20 });
  return { name: student.name, profile, notes, accessLog };
}

type Result = { intent: string; message?: string; error?: string; note?: SubmissionResult<string[]>; details?: SubmissionResult<string[]> };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const student = await getStudent(db, teacher.id, params.id!);
  if (!student) notFound();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const reply = (r: Result, status = 200) => data(r, { status });
  switch (intent) {
    case "add-note":
    case "edit-note": {
      const submission = parseWithZod(formData, { schema: NoteForm });
      if (submission.status !== "success") return reply({ intent, note: submission.reply() }, 400);
      if (intent === "add-note") {
        await addNote(db, teacher.id, student.id, submission.value.body);
        return reply({ intent, note: submission.reply({ resetForm: true }), message: "Note added." });
      }
      const updated = await updateNote(db, teacher.id, student.id, submission.value.noteId, submission.value.body);
      return updated ? reply({ intent, message: "Note updated." }) : reply({ intent, error: "Note not found." }, 404);
    }
    case "delete-note": {
      const ok = await deleteNote(db, teacher.id, student.id, String(formData.get("noteId") ?? ""));
      return ok ? reply({ intent, message: "Note deleted." }) : reply({ intent, error: "Note not found." }, 404);
    }
    case "update-details": {
      const submission = parseWithZod(formData, { schema: StudentDetailsForm });
      if (submission.status !== "success") return reply({ intent, details: submission.reply() }, 400);
      const updated = await updateStudent(db, teacher.id, student.id, submission.value);
      if (updated && "error" in updated)
        return reply({ intent, details: submission.reply({ fieldErrors: { [updated.field]: [updated.error] } }) }, 409);
      return reply({ intent, details: submission.reply(), message: "Student details saved." });
    }
    default:
      return reply({ intent, error: "Unknown action." }, 400);
  }
}

type Profile = NonNullable<Awaited<ReturnType<typeof loader>>["profile"] extends Promise<infer P> ? P : never>;
type Note = { id: string; body: string; createdAt: string; updatedAt: string };

export default function StudentProfilePage() {
  const { profile, notes, name, accessLog } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const tab = TABS.find((t) => t.key === params.get("tab"))?.key ?? "overview";
  const result = useActionData<typeof action>() as Result | undefined;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <Link to="/students" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline">
        <span aria-hidden="true">←</span> Back to Students
      </Link>
      <Suspense
        fallback={
          <>
            <h1 className="text-2xl font-bold tracking-tight">{name}</h1>
            <p role="status" className="mt-4 text-slate-600">
              Loading student profile...
            </p>
          </>
        }
      >
        {/* One Await per promise: a Promise.all made during render is a new promise each time, which kept the
            old tab on screen after a tab link changed the address. */}
        <Await resolve={profile}>
          {(p) => (
            <Await resolve={notes}>{(n) => (p ? <Profile profile={p as Profile} notes={n} tab={tab} result={result} /> : null)}</Await>
          )}
        </Await>
      </Suspense>
      <section aria-labelledby="access-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="access-heading" className="text-lg font-semibold">
          Access log
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Who viewed, exported, regraded or changed this student&apos;s work. Kept for one year.
        </p>
        <div className="mt-3">
          <AccessLogList entries={accessLog} showStudent={false} />
        </div>
      </section>
    </main>
  );
}

function Profile({ profile, notes, tab, result }: { profile: Profile; notes: Note[]; tab: string; result?: Result }) {
  const { student, summary } = profile;
  const [params] = useSearchParams();
  const base = `/student/${student.id}`;
  return (
    <>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={student.name} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">{student.name}</h1>
          {/* A long e-mail address breaks where it must instead of running past a phone's screen. */}
          <p className="text-sm text-slate-600 wrap-anywhere">
            {[
              student.email,
              gradeLabel(student.gradeLevel),
              student.studentNumber ? `SIS ID ${student.studentNumber}` : null,
              profile.classes.map((c) => c.name).join(", ") || "Not in a class",
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {student.enrollmentDate ? <p className="text-xs text-slate-500">{`Enrolled ${formatDate(student.enrollmentDate)}`}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {profile.elementary ? (
            <Link to={`/elementary-student/${student.id}`} className={secondaryButton}>
              Elementary profile
            </Link>
          ) : null}
          <Link to={`/student/${student.id}/delete`} className={secondaryButton}>
            Delete student
          </Link>
        </div>
      </div>

      <Flash message={result?.message} />
      <Flash message={result?.error} tone="red" />

      <section aria-label="Summary" className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        <StatCard label="Overall grade" value={formatPercent(summary.overallGrade)} testId="overall-grade" hint="Average of graded work" />
        <StatCard
          label="Assignments"
          value={`${summary.assignmentsCompleted}/${summary.assignmentsTotal}`}
          hint="Graded / assigned"
          testId="assignments-done"
        />
        <StatCard
          label="Attendance"
          value={formatPercent(summary.attendanceRate)}
          testId="attendance"
          hint={
            summary.attendanceRate == null
              ? "Not taken yet"
              : `${summary.attendance.present} present, ${summary.attendance.late} late, ${summary.attendance.absent} absent`
          }
        />
        <StatCard label="Letter grade" value={summary.letterGrade ?? "N/A"} testId="letter-grade" hint="From the overall grade" />
      </section>

      <div className="mt-8">
        <TabLinks
          label="Student profile"
          tabs={TABS.map((t) => ({ to: `${base}?tab=${t.key}`, label: t.label, current: t.key === tab }))}
        />
        {tab === "overview" ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <section className={`${card} p-6 lg:col-span-2`} aria-labelledby="trend-heading">
              <h2 id="trend-heading" className="mb-4 text-lg font-semibold">
                Grade trend
              </h2>
              <GradeTrendChart data={profile.gradeTrend} />
            </section>
            <section className={`${card} p-6 lg:col-span-2`} aria-labelledby="activity-heading">
              <h2 id="activity-heading" className="text-lg font-semibold">
                Recent activity
              </h2>
              {profile.recentActivity.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">No submitted work yet.</p>
              ) : (
                <ul className="mt-3 divide-y divide-slate-100">
                  {profile.recentActivity.map((a, i) => (
                    <li key={i} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <span>
                        <span className="text-slate-500">{formatDate(a.date)}</span>{" "}
                        <span className="ml-2 text-slate-900">{a.activity}</span>
                      </span>
                      {a.score == null ? null : <Badge tone={scoreTone(a.score)}>{`${a.score}%`}</Badge>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <InsightList title="Strengths" items={profile.insights.strengths} tone="green" />
            <InsightList title="Areas for improvement" items={profile.insights.areas} tone="amber" />
          </div>
        ) : null}

        {tab === "grades" ? (
          <section className={`${card} p-6`} aria-labelledby="grades-heading">
            <h2 id="grades-heading" className="mb-4 text-lg font-semibold">
              Assignment scores
            </h2>
            <ScoresBarChart data={profile.assignmentScores} />
            {profile.assignmentScores.length > 0 ? (
              <DataTable variant="plain" columns={["Assignment", "Date", "Score", "Percent"]} className="mt-6">
                {profile.assignmentScores.map((s, i) => (
                  <tr key={i}>
                    <td className="py-2 pr-3 font-medium">{s.name}</td>
                    <td className="py-2 pr-3">{formatDate(s.date)}</td>
                    <td className="py-2 pr-3">{s.score != null && s.max != null ? `${s.score}/${s.max}` : "—"}</td>
                    <td className="py-2">
                      <Badge tone={scoreTone(s.percent)}>{`${s.percent}%`}</Badge>
                    </td>
                  </tr>
                ))}
              </DataTable>
            ) : null}
          </section>
        ) : null}

        {tab === "progress" ? (
          <section className={`${card} p-6`} aria-labelledby="progress-heading">
            <h2 id="progress-heading" className="mb-4 text-lg font-semibold">
              Progress over time
            </h2>
            <ProgressLineChart
              data={profile.assignmentScores.map((s, i, all) => ({
                date: s.date,
                percent: s.percent,
                running: Math.round((all.slice(0, i + 1).reduce((sum, x) => sum + x.percent, 0) / (i + 1)) * 10) / 10,
              }))}
            />
          </section>
        ) : null}

        {tab === "notes" ? <NotesPanel notes={notes} showAll={params.get("all") === "1"} base={base} result={result} /> : null}
      </div>

      <StudentDetails student={student} result={result} />
    </>
  );
}

function NotesPanel({ notes, showAll, base, result }: { notes: Note[]; showAll: boolean; base: string; result?: Result }) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-note";
  const [form, fields] = useForm({
    id: "add-note",
    lastResult: result?.intent === "add-note" ? result.note : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NoteForm }),
    shouldValidate: "onSubmit",
  });
  const shown = showAll ? notes : notes.slice(0, 5);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Form method="post" {...getFormProps(form)} className={`${card} space-y-3 p-6`}>
        <h2 className="text-lg font-semibold">Add Note</h2>
        <label htmlFor={fields.body.id} className="block text-sm font-medium text-slate-700">
          Note
        </label>
        <textarea rows={5} className={textareaClass} placeholder="What did you notice today?" {...getTextareaProps(fields.body)} />
        <FieldError id={fields.body.errorId} errors={fields.body.errors} />
        <button type="submit" name="intent" value="add-note" className={`${primaryButton} w-full`} disabled={adding}>
          {adding ? "Saving..." : "Add Note"}
        </button>
      </Form>
      <section className={`${card} p-6 lg:col-span-2`} aria-labelledby="notes-heading">
        <div className="flex items-center justify-between gap-3">
          <h2 id="notes-heading" className="text-lg font-semibold">{`Notes (${notes.length})`}</h2>
          {notes.length > 5 && !showAll ? (
            <Link to={`${base}?tab=notes&all=1`} className={smallButton}>
              View All Notes
            </Link>
          ) : null}
        </div>
        {notes.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No notes yet. Notes are private to you.</p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Notes">
            {shown.map((note) => (
              <li key={note.id} className="rounded-lg border border-slate-200 p-4" data-testid="note">
                <p className="whitespace-pre-wrap text-sm text-slate-900">{note.body}</p>
                <p className="mt-2 text-xs text-slate-500">
                  {formatDate(note.createdAt)}
                  {note.updatedAt !== note.createdAt ? ` · edited ${formatDate(note.updatedAt)}` : ""}
                </p>
                <div className="mt-2 flex flex-wrap items-start gap-2">
                  <details className="flex-1">
                    <summary className="cursor-pointer text-xs font-medium text-brand-700">Edit</summary>
                    <Form method="post" className="mt-2 space-y-2">
                      <input type="hidden" name="noteId" value={note.id} />
                      <label htmlFor={`edit-${note.id}`} className="sr-only">
                        Edit note
                      </label>
                      <textarea id={`edit-${note.id}`} name="body" rows={3} defaultValue={note.body} className={textareaClass} required />
                      <button type="submit" name="intent" value="edit-note" className={smallButton}>
                        Save note
                      </button>
                    </Form>
                  </details>
                  <Form method="post">
                    <input type="hidden" name="noteId" value={note.id} />
                    <button type="submit" name="intent" value="delete-note" className={smallButton}>
                      Delete
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function StudentDetails({ student, result }: { student: Profile["student"]; result?: Result }) {
  const [form, fields] = useForm({
    id: "student-details",
    lastResult: result?.intent === "update-details" ? result.details : undefined,
    defaultValue: {
      name: student.name,
      email: student.email ?? "",
      studentNumber: student.studentNumber ?? "",
      loginId: student.loginId ?? "",
      gradeLevel: student.gradeLevel ?? "",
      parentContact: student.parentContact ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StudentDetailsForm }),
    shouldValidate: "onBlur",
  });
  const gradeOptions = [...new Set([...GRADE_LEVELS, ...(student.gradeLevel ? [student.gradeLevel] : [])])];
  return (
    <details className={`${card} mt-8 p-6`} open={result?.intent === "update-details" && result.details?.status === "error"}>
      <summary className="cursor-pointer text-lg font-semibold">Student details</summary>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormAlert id={form.errorId} message={form.errors?.[0]} />
        </div>
        <TextField
          label="Full name"
          {...getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
        />
        <TextField
          label="Email"
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <TextField
          label="SIS ID (student number)"
          {...getInputProps(fields.studentNumber, { type: "text" })}
          errors={fields.studentNumber.errors}
          errorId={fields.studentNumber.errorId}
        />
        <TextField
          label="Gradebook login (SIS Login ID)"
          placeholder="Usually the school email"
          {...getInputProps(fields.loginId, { type: "text" })}
          errors={fields.loginId.errors}
          errorId={fields.loginId.errorId}
        />
        <SelectField
          label="Grade level"
          placeholder="Not set"
          options={gradeOptions.map((g) => ({ value: g, label: g }))}
          {...getSelectProps(fields.gradeLevel)}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Parent contact"
            placeholder="Name, phone or email"
            {...getInputProps(fields.parentContact, { type: "text" })}
            errors={fields.parentContact.errors}
          />
        </div>
        <div className="sm:col-span-2 flex justify-end">
          <button type="submit" name="intent" value="update-details" className={primaryButton}>
            Save details
          </button>
        </div>
      </Form>
    </details>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary title="Student Not Found" back={{ to: "/students", label: "Back to Students" }} />;
}
