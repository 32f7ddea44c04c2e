import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Await, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Suspense } from "react";
import { GradeTrendChart, ProgressLineChart, ScoresBarChart } from "~/components/charts/charts";
import { NotFoundBoundary, notFound } from "~/components/classes/not-found";
import { Badge, card, Flash, formatDate, scoreTone, secondaryButton, StatCard, TabLinks } from "~/components/ui/kit";
import { AccessLogList } from "~/components/access-log-list";
import { Avatar } from "~/components/students/avatar";
import { InsightList } from "~/components/students/insights";
import { gradeLabel } from "~/lib/grades";
import { formatPercent } from "~/lib/format";
import { NoteForm, StudentDetailsForm } from "~/schemas/classes";
import { accessLogFor, logAccess } from "~/server/access-log.server";
import { requireTeacher } from "~/server/auth.server";
import { intentAction } from "~/server/intent-action.server";
import { z } from "zod";
import { getDb } from "../../core/db/client";
import { addNote, deleteNote, listNotes, updateNote } from "~/server/notes.server";
import { getStudent, studentProfile, updateStudent, type StudentRecord } from "~/server/students.server";
import { DataTable } from "~/components/ui/data-table";
import { NotesPanel, type Note } from "./+student-page/notes-panel";
import { type StudentPageResult as Result } from "./+student-page/result";
import { StudentDetails } from "./+student-page/student-details";

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

const StudentIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["add-note", "edit-note"]) }),
  z.object({ intent: z.literal("delete-note"), noteId: z.string().default("") }),
  z.object({ intent: z.literal("update-details") }),
]);

export const action = (args: ActionFunctionArgs) =>
  intentAction<StudentRecord, z.infer<typeof StudentIntent>, Result>(args, {
    find: (db, teacherId, params) => getStudent(db, teacherId, params.id!),
    intents: StudentIntent,
    run: async ({ intent: input, row: student, teacher, db, formData, reply }) => {
      const intent = input.intent;
      switch (input.intent) {
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
          const ok = await deleteNote(db, teacher.id, student.id, input.noteId);
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
      }
    },
  });

type Profile = NonNullable<Awaited<ReturnType<typeof loader>>["profile"] extends Promise<infer P> ? P : never>;

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

export function ErrorBoundary() {
  return <NotFoundBoundary title="Student Not Found" back={{ to: "/students", label: "Back to Students" }} />;
}
