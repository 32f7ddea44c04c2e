import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NotFoundBoundary, notFound } from "~/components/classes/not-found";
import {
  Badge,
  card,
  Flash,
  formatDate,
  PageHeader,
  primaryButton,
  scoreTone,
  secondaryButton,
  smallButton,
  StatCard,
  textareaClass,
} from "~/components/ui/kit";
import { GradebookIdsNotice } from "~/components/classes/gradebook-ids";
import { ExportDialog } from "~/components/exports/export-dialog";
import { FormAlert } from "~/components/ui/field";
import { StudentFields } from "~/components/ui/student-fields";
import { type ATTENDANCE_STATUSES } from "../../core/constants";
import { formatPercent } from "~/lib/format";
import { parseRoster, type RosterPreview } from "~/lib/roster-csv";
import { AttendanceDate, EnrollStudentForm } from "~/schemas/classes";
import { attendanceDays, attendanceForDay, isAttendanceStatus, saveAttendance } from "~/server/attendance.server";
import { requireTeacher } from "~/server/auth.server";
import { intentAction } from "~/server/intent-action.server";
import type { IntentReply } from "~/lib/intent-reply";
import { z } from "zod";
import {
  classAssignments,
  classRoster,
  enrollExistingStudent,
  enrollStudents,
  getClass,
  getClassSummary,
  type ClassRow,
  studentsNotInClass,
  unenrollStudent,
} from "~/server/classes.server";
import { getDb } from "../../core/db/client";
import { DataTable } from "~/components/ui/data-table";
import { AttendancePanel } from "./+class-page/attendance-panel";
import { ClassAssignments } from "./+class-page/class-assignments";
import { RosterPreviewTable } from "./+class-page/roster-preview";

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

type ActionResult = IntentReply<{ preview?: RosterPreview & { csv: string }; enroll?: SubmissionResult<string[]> }>;

const ClassIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enroll") }),
  z.object({ intent: z.literal("enroll-existing"), studentId: z.string().default("") }),
  z.object({ intent: z.literal("unenroll"), studentId: z.string().default("") }),
  z.object({ intent: z.enum(["preview-csv", "import-csv"]), csv: z.string().default("") }),
  z.object({ intent: z.literal("attendance"), date: z.string().default("") }),
]);

export const action = (args: ActionFunctionArgs) =>
  intentAction<ClassRow, z.infer<typeof ClassIntent>, ActionResult>(args, {
    find: (db, teacherId, params) => getClass(db, teacherId, params.id!),
    intents: ClassIntent,
    run: async ({ intent: input, row: klass, teacher, db, formData, reply }) => {
      const intent = input.intent;
      switch (input.intent) {
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
          const ok = await enrollExistingStudent(db, teacher.id, klass.id, input.studentId);
          return ok
            ? reply({ intent, message: "Student added to the class." })
            : reply({ intent, error: "Choose one of your students." }, 400);
        }
        case "unenroll": {
          const ok = await unenrollStudent(db, teacher.id, klass.id, input.studentId);
          return ok
            ? reply({ intent, message: "Student removed from the class. Their graded work is kept." })
            : reply({ intent, error: "That student is not in this class." }, 404);
        }
        case "preview-csv":
        case "import-csv": {
          const file = formData.get("roster");
          let csv = input.csv;
          if (file instanceof File && file.size > 0) {
            if (file.size > 512 * 1024) return reply({ intent, error: "A roster file can be at most 512 KB." }, 400);
            csv = await file.text();
          }
          const preview = parseRoster(csv);
          if (preview.error) return reply({ intent, error: preview.error }, 400);
          if (intent === "preview-csv") return reply({ intent, preview: { ...preview, csv } });
          const valid = preview.rows.filter((r) => r.error === null);
          if (valid.length === 0)
            return reply(
              { intent, error: "No rows can be imported. Fix the rows marked in the preview.", preview: { ...preview, csv } },
              400,
            );
          const result = await enrollStudents(db, teacher.id, klass.id, valid);
          const skipped = preview.rows.length - valid.length;
          return reply({
            intent,
            message: `Imported ${result.added} student${result.added === 1 ? "" : "s"}${result.alreadyEnrolled ? `, ${result.alreadyEnrolled} already enrolled` : ""}${skipped ? `, ${skipped} row${skipped === 1 ? "" : "s"} skipped` : ""}.`,
          });
        }
        case "attendance": {
          const date = AttendanceDate.safeParse(input.date);
          if (!date.success) return reply({ intent, error: "Pick a date" }, 400);
          const records = [...formData.entries()]
            .filter(([key, value]) => key.startsWith("status:") && isAttendanceStatus(value))
            .map(([key, value]) => ({ studentId: key.slice("status:".length), status: value as (typeof ATTENDANCE_STATUSES)[number] }));
          const saved = await saveAttendance(db, teacher.id, klass.id, date.data, records);
          return reply({ intent, message: `Attendance saved for ${formatDate(date.data)} (${saved} student${saved === 1 ? "" : "s"}).` });
        }
      }
    },
  });

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
              <StudentFields
                fields={enrollFields}
                labels={{
                  name: "Student name",
                  email: "Student email",
                  studentNumber: "SIS ID (optional)",
                  loginId: "Gradebook login (optional)",
                }}
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

        <AttendancePanel attendance={attendance} roster={roster} pendingIntent={pendingIntent} />
      </div>

      <ClassAssignments assignments={assignments} />
    </main>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary title="Class not found" back={{ to: "/classes", label: "Back to Classes" }} />;
}
