import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NotFoundBoundary, notFound } from "~/components/classes/not-found";
import {
  Badge,
  card,
  EmptyState,
  Flash,
  formatDate,
  PageHeader,
  primaryButton,
  scoreTone,
  secondaryButton,
  smallButton,
  StatCard,
  textareaClass,
} from "~/components/classes/ui";
import { GradebookIdsNotice } from "~/components/classes/gradebook-ids";
import { ExportDialog } from "~/components/exports/export-dialog";
import { FormAlert, TextField } from "~/components/ui/field";
import { ATTENDANCE_STATUSES } from "../../core/constants";
import { formatPercent } from "~/lib/grades";
import { parseRoster, type RosterPreview } from "~/lib/roster-csv";
import { AttendanceDate, EnrollStudentForm } from "~/schemas/classes";
import { attendanceDays, attendanceForDay, isAttendanceStatus, saveAttendance } from "~/server/attendance.server";
import { requireTeacher } from "~/server/auth.server";
import {
  classAssignments,
  classRoster,
  enrollExistingStudent,
  enrollStudents,
  getClass,
  getClassSummary,
  studentsNotInClass,
  unenrollStudent,
} from "~/server/classes.server";
import { getDb } from "../../core/db/client";
import { DataTable } from "~/components/ui/data-table";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.klass.name ?? "Class"} | Gradewell` }];

const todayIso = () => new Date().toISOString().slice(0, 10);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const klass = await getClassSummary(db, teacher.id, params.id!);
  if (!klass) notFound();
  const requested = new URL(request.url).searchParams.get("date") ?? "";
  const date = AttendanceDate.safeParse(requested).success ? requested : todayIso();
  const [roster, assignmentList, others, register, days] = await Promise.all([
    classRoster(db, teacher.id, klass.id),
    classAssignments(db, teacher.id, klass.id),
    studentsNotInClass(db, teacher.id, klass.id),
    attendanceForDay(db, teacher.id, klass.id, date),
    attendanceDays(db, teacher.id, klass.id),
  ]);
  return {
    klass: {
      id: klass.id,
      name: klass.name,
      subject: klass.subject,
      gradeLevel: klass.gradeLevel,
      classCode: klass.classCode,
      description: klass.description,
      enrollmentMethod: klass.enrollmentMethod,
      archived: klass.archivedAt != null,
      studentCount: klass.studentCount,
      assignmentCount: klass.assignmentCount,
      averageScore: klass.averageScore,
    },
    roster,
    assignments: assignmentList,
    others,
    attendance: { date, register, days, taken: Object.keys(register).length > 0 },
  };
}

type ActionResult = {
  intent: string;
  message?: string;
  error?: string;
  preview?: RosterPreview & { csv: string };
  enroll?: SubmissionResult<string[]>;
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const klass = await getClass(db, teacher.id, params.id!);
  if (!klass) notFound();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const reply = (result: ActionResult, status = 200) => data(result, { status });

  switch (intent) {
    case "enroll": {
      const submission = parseWithZod(formData, { schema: EnrollStudentForm });
      if (submission.status !== "success") return reply({ intent, enroll: submission.reply() }, 400);
      const result = await enrollStudents(db, teacher.id, klass.id, [submission.value]);
      return reply({
        intent,
        enroll: submission.reply({ resetForm: true }),
        message: result.added
          ? `Added ${submission.value.name} to ${klass.name}.`
          : `${submission.value.name} is already in ${klass.name}.`,
      });
    }
    case "enroll-existing": {
      const ok = await enrollExistingStudent(db, teacher.id, klass.id, String(formData.get("studentId") ?? ""));
      return ok ? reply({ intent, message: "Student added to the class." }) : reply({ intent, error: "Choose one of your students." }, 400);
    }
    case "unenroll": {
      const ok = await unenrollStudent(db, teacher.id, klass.id, String(formData.get("studentId") ?? ""));
      return ok
        ? reply({ intent, message: "Student removed from the class. Their graded work is kept." })
        : reply({ intent, error: "That student is not in this class." }, 404);
    }
    case "preview-csv":
    case "import-csv": {
      const file = formData.get("roster");
      let csv = String(formData.get("csv") ?? "");
      if (file instanceof File && file.size > 0) {
        if (file.size > 512 * 1024) return reply({ intent, error: "A roster file can be at most 512 KB." }, 400);
        csv = await file.text();
      }
      const preview = parseRoster(csv);
      if (preview.error) return reply({ intent, error: preview.error }, 400);
      if (intent === "preview-csv") return reply({ intent, preview: { ...preview, csv } });
      const valid = preview.rows.filter((r) => r.error === null);
      if (valid.length === 0)
        return reply({ intent, error: "No rows can be imported. Fix the rows marked in the preview.", preview: { ...preview, csv } }, 400);
      const result = await enrollStudents(db, teacher.id, klass.id, valid);
      const skipped = preview.rows.length - valid.length;
      return reply({
        intent,
        message: `Imported ${result.added} student${result.added === 1 ? "" : "s"}${result.alreadyEnrolled ? `, ${result.alreadyEnrolled} already enrolled` : ""}${skipped ? `, ${skipped} row${skipped === 1 ? "" : "s"} skipped` : ""}.`,
      });
    }
    case "attendance": {
      const date = AttendanceDate.safeParse(String(formData.get("date") ?? ""));
      if (!date.success) return reply({ intent, error: "Pick a date" }, 400);
      const records = [...formData.entries()]
        .filter(([key, value]) => key.startsWith("status:") && isAttendanceStatus(value))
        .map(([key, value]) => ({ studentId: key.slice("status:".length), status: value as (typeof ATTENDANCE_STATUSES)[number] }));
      const saved = await saveAttendance(db, teacher.id, klass.id, date.data, records);
      return reply({ intent, message: `Attendance saved for ${formatDate(date.data)} (${saved} student${saved === 1 ? "" : "s"}).` });
    }
    default:
      return reply({ intent, error: "Unknown action." }, 400);
  }
}

const STATUS_LABELS = { present: "Present", absent: "Absent", late: "Late" } as const;

export default function ClassPage() {
  const { klass, roster, assignments, others, attendance } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const [enrollForm, enrollFields] = useForm({
    id: "enroll",
    lastResult: result?.intent === "enroll" ? result.enroll : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EnrollStudentForm }),
    shouldValidate: "onSubmit",
  });
  const elementary = ["K", "1", "2", "3", "4", "5"].includes(klass.gradeLevel);
  const grade = klass.gradeLevel === "K" ? "Kindergarten" : `Grade ${klass.gradeLevel}`;

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title={klass.name}
        subtitle={`${klass.subject} · ${grade}${klass.archived ? " · Archived" : ""}`}
        back={{ to: "/classes", label: "Back to Classes" }}
        actions={
          <>
            <ExportDialog kind="class" id={klass.id} classId={klass.id} />
            <Link to={`/classes/${klass.id}/details`} className={secondaryButton}>
              Class settings
            </Link>
          </>
        }
      />
      <Flash message={result?.message} />
      <Flash message={result?.error} tone="red" />

      <section aria-label="Class figures" className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <StatCard label="Students" value={klass.studentCount} testId="class-students" />
        <StatCard label="Assignments" value={klass.assignmentCount} />
        <StatCard label="Average score" value={formatPercent(klass.averageScore)} hint="Graded submissions only" />
        <StatCard
          label="Class code"
          value={<span className="font-mono tracking-widest">{klass.classCode}</span>}
          hint={klass.enrollmentMethod === "auto" ? "Students join with this code" : "Manual enrollment"}
        />
      </section>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="roster-heading" className={`${card} p-6 lg:col-span-2`}>
          <h2 id="roster-heading" className="text-lg font-semibold">
            Roster
          </h2>
          {roster.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No students yet. Add them below or import a roster CSV.</p>
          ) : (
            <div className="mt-4 overflow-x-auto">
              <DataTable variant="plain" columns={["Student", "Average", "Graded", "Attendance", { label: "Actions", srOnly: true }]}>
                {roster.map((s) => (
                  <tr key={s.id}>
                    <td className="py-2 pr-3">
                      <Link
                        to={elementary ? `/elementary-student/${s.id}` : `/student/${s.id}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {s.name}
                      </Link>
                      <span className="block text-xs text-slate-500">{s.email}</span>
                      {s.studentNumber ? <span className="block text-xs text-slate-500">{`SIS ID ${s.studentNumber}`}</span> : null}
                    </td>
                    <td className="py-2 pr-3">
                      <Badge tone={scoreTone(s.averageScore)}>{formatPercent(s.averageScore)}</Badge>
                    </td>
                    <td className="py-2 pr-3">{s.graded}</td>
                    <td className="py-2 pr-3">{formatPercent(s.attendanceRate)}</td>
                    <td className="py-2 text-right">
                      <Form method="post">
                        <input type="hidden" name="studentId" value={s.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="unenroll"
                          className={smallButton}
                          aria-label={`Remove ${s.name} from class`}
                        >
                          Remove
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )}

          <div className="mt-6 grid gap-6 border-t border-slate-200 pt-6 md:grid-cols-2">
            <Form method="post" {...getFormProps(enrollForm)} className="space-y-3">
              <h3 className="text-sm font-semibold">Add a student</h3>
              <FormAlert id={enrollForm.errorId} message={enrollForm.errors?.[0]} />
              <TextField
                label="Student name"
                {...getInputProps(enrollFields.name, { type: "text" })}
                errors={enrollFields.name.errors}
                errorId={enrollFields.name.errorId}
              />
              <TextField
                label="Student email"
                {...getInputProps(enrollFields.email, { type: "email" })}
                errors={enrollFields.email.errors}
                errorId={enrollFields.email.errorId}
              />
              <TextField
                label="SIS ID (optional)"
                {...getInputProps(enrollFields.studentNumber, { type: "text" })}
                errors={enrollFields.studentNumber.errors}
                errorId={enrollFields.studentNumber.errorId}
              />
              <TextField
                label="Gradebook login (optional)"
                placeholder="Usually the school email"
                {...getInputProps(enrollFields.loginId, { type: "text" })}
                errors={enrollFields.loginId.errors}
                errorId={enrollFields.loginId.errorId}
              />
              <button type="submit" name="intent" value="enroll" className={primaryButton} disabled={pendingIntent === "enroll"}>
                {pendingIntent === "enroll" ? "Adding..." : "Add to class"}
              </button>
            </Form>
            <div className="space-y-6">
              {others.length > 0 ? (
                <Form method="post" className="space-y-3">
                  <h3 className="text-sm font-semibold">Add one of your students</h3>
                  <label htmlFor="existing-student" className="sr-only">
                    Student
                  </label>
                  <select
                    id="existing-student"
                    name="studentId"
                    className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
                  >
                    {others.map((o) => (
                      <option key={o.id} value={o.id}>
                        {`${o.name}${o.email ? ` (${o.email})` : ""}`}
                      </option>
                    ))}
                  </select>
                  <button type="submit" name="intent" value="enroll-existing" className={secondaryButton}>
                    Add selected student
                  </button>
                </Form>
              ) : null}
              <Form method="post" encType="multipart/form-data" className="space-y-3">
                <h3 className="text-sm font-semibold">Import a roster CSV</h3>
                <p className="text-xs text-slate-600">
                  One student per line: name, email. A header row (Name, Email or First Name, Last Name, Email) is recognised, with optional
                  SIS User ID / Student Number and SIS Login ID / Username columns.
                </p>
                <label htmlFor="roster-file" className="block text-sm font-medium text-slate-700">
                  CSV file
                </label>
                <input
                  id="roster-file"
                  type="file"
                  name="roster"
                  accept=".csv,text/csv,text/plain"
                  className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700"
                />
                <label htmlFor="roster-text" className="block text-sm font-medium text-slate-700">
                  or paste rows
                </label>
                <textarea
                  id="roster-text"
                  name="csv"
                  rows={3}
                  className={textareaClass}
                  placeholder={"Ada Lovelace, ada@school.org\nAlan Turing, alan@school.org"}
                />
                <button type="submit" name="intent" value="preview-csv" className={secondaryButton}>
                  Preview import
                </button>
              </Form>
            </div>
          </div>
          {result?.preview ? <RosterPreviewTable preview={result.preview} /> : null}
          <GradebookIdsNotice roster={roster} />
        </section>

        <section aria-labelledby="attendance-heading" className={`${card} p-6`}>
          <h2 id="attendance-heading" className="text-lg font-semibold">
            Attendance
          </h2>
          <Form method="get" className="mt-3 flex items-end gap-2">
            <div className="flex-1">
              <label htmlFor="attendance-date" className="mb-1 block text-sm font-medium text-slate-700">
                Date
              </label>
              <input
                id="attendance-date"
                type="date"
                name="date"
                defaultValue={attendance.date}
                className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              />
            </div>
            <button type="submit" className={secondaryButton}>
              Open
            </button>
          </Form>
          {roster.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">Add students to take attendance.</p>
          ) : (
            <Form method="post" className="mt-4" key={attendance.date}>
              <input type="hidden" name="date" value={attendance.date} />
              <p className="mb-2 text-xs text-slate-500">
                {attendance.taken
                  ? `Taken for ${formatDate(attendance.date)}; saving updates it.`
                  : `Not taken yet for ${formatDate(attendance.date)}.`}
              </p>
              <ul className="divide-y divide-slate-100">
                {roster.map((s) => (
                  <li key={s.id} className="py-2">
                    <fieldset>
                      <legend className="text-sm font-medium text-slate-900">{s.name}</legend>
                      <div className="mt-1 flex gap-3">
                        {ATTENDANCE_STATUSES.map((status) => (
                          <label key={status} className="flex items-center gap-1 text-sm text-slate-700">
                            <input
                              type="radio"
                              name={`status:${s.id}`}
                              value={status}
                              defaultChecked={(attendance.register[s.id] ?? "present") === status}
                            />
                            {STATUS_LABELS[status]}
                          </label>
                        ))}
                      </div>
                    </fieldset>
                  </li>
                ))}
              </ul>
              <button
                type="submit"
                name="intent"
                value="attendance"
                className={`${primaryButton} mt-4 w-full`}
                disabled={pendingIntent === "attendance"}
              >
                {pendingIntent === "attendance" ? "Saving..." : "Save attendance"}
              </button>
            </Form>
          )}
          {attendance.days.length > 0 ? (
            <div className="mt-6 border-t border-slate-200 pt-4">
              <h3 className="text-sm font-semibold">Recent days</h3>
              <ul className="mt-2 space-y-1 text-sm">
                {attendance.days.map((d) => (
                  <li key={d.date} className="flex justify-between">
                    <Link to={`?date=${d.date}`} className="text-brand-700 hover:underline">
                      {formatDate(d.date)}
                    </Link>
                    <span className="text-slate-600">{`${d.present} present · ${d.late} late · ${d.absent} absent`}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="assignments-heading" className={`${card} mt-8 p-6`}>
        <h2 id="assignments-heading" className="text-lg font-semibold">
          Assignments
        </h2>
        {assignments.length === 0 ? (
          <div className="mt-4">
            <EmptyState
              title="No assignments for this class yet"
              action={
                <Link to="/add-assignment" className={primaryButton}>
                  Create Assignment
                </Link>
              }
            >
              Assignments you create for this class appear here with their status and average.
            </EmptyState>
          </div>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <DataTable variant="plain" columns={["Assignment", "Status", "Due", "Graded", "Average"]}>
              {assignments.map((a) => (
                <tr key={a.id}>
                  <td className="py-2 pr-3">
                    <Link to={`/assignment/${a.id}`} className="font-medium text-brand-700 hover:underline">
                      {a.title}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">
                    <Badge tone={a.status === "Active" ? "green" : a.status === "Completed" ? "brand" : "slate"}>{a.status}</Badge>
                  </td>
                  <td className="py-2 pr-3">{formatDate(a.dueDate)}</td>
                  <td className="py-2 pr-3">{`${a.graded}/${a.submissions}`}</td>
                  <td className="py-2">
                    <Badge tone={scoreTone(a.averageScore)}>{formatPercent(a.averageScore)}</Badge>
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
        )}
      </section>
    </main>
  );
}

function RosterPreviewTable({ preview }: { preview: RosterPreview & { csv: string } }) {
  const valid = preview.rows.filter((r) => r.error === null).length;
  return (
    <div className="mt-6 rounded-lg border border-slate-200 p-4" aria-labelledby="preview-heading">
      <h3 id="preview-heading" className="text-sm font-semibold">
        Import preview
      </h3>
      <p className="mt-1 text-sm text-slate-600">{`${valid} of ${preview.rows.length} rows can be imported.`}</p>
      <div className="mt-3 max-h-72 overflow-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Line
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Email
              </th>
              <th scope="col" className="py-1 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.map((r) => (
              <tr key={r.line} className={r.error ? "bg-red-50" : undefined}>
                <td className="py-1 pr-3">{r.line}</td>
                <td className="py-1 pr-3">{r.name || "—"}</td>
                <td className="py-1 pr-3">{r.email || "—"}</td>
                <td className="py-1">
                  {r.error ? <span className="text-red-800">{r.error}</span> : <span className="text-emerald-800">Ready</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {valid > 0 ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="csv" value={preview.csv} />
          <button type="submit" name="intent" value="import-csv" className={primaryButton}>
            {`Import ${valid} student${valid === 1 ? "" : "s"}`}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary title="Class not found" back={{ to: "/classes", label: "Back to Classes" }} />;
}
