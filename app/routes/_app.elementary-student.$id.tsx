import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { WeeklyProgressChart, SUBJECT_COLORS } from "~/components/charts/charts";
import { NotFoundBoundary, notFound } from "~/components/classes/not-found";
import { Badge, card, EmptyState, Flash, formatDate, secondaryButton, smallButton, StatCard, TabLinks } from "~/components/ui/kit";
import { Avatar } from "~/components/students/avatar";
import { ConferenceItemDialog, SELECT_FILE_FIRST } from "~/components/students/conference-dialog";
import { useHydrated } from "~/hooks/use-hydrated";
import { ELEMENTARY_SUBJECTS, formatFileSize, gradeLabel, type ElementarySubject } from "~/lib/grades";
import { formatPercent } from "~/lib/format";
import { subjectDetails } from "~/lib/student-insights";
import { CONFERENCE_TYPE_LABELS, ConferenceItemForm } from "~/schemas/classes";
import { requireTeacher } from "~/server/auth.server";
import { checkConferenceFile, type CheckedConferenceFile } from "~/server/conference-files.server";
import {
  addConferenceItemFromSubmission,
  addConferenceItems,
  listConferenceItems,
  removeConferenceItem,
  toConferenceJson,
} from "~/server/conference.server";
import { getDb } from "../../core/db/client";
import { getStudent, studentProfile, type StudentRecord } from "~/server/students.server";
import { intentAction } from "~/server/intent-action.server";
import { z } from "zod";
import { UnsupportedFileError } from "../../core/files/file-type";
import { DataTable } from "~/components/ui/data-table";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.student.name ?? "Student"} | Gradewell` }];

const TABS = [
  { key: "overview", label: "Overview" },
  { key: "conference", label: "Conference Folder" },
  { key: "subject", label: "Subject Details" },
] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const profile = await studentProfile(db, teacher.id, params.id!);
  if (!profile) notFound();
  const items = await listConferenceItems(db, teacher.id, profile.student.id);
  const details = Object.fromEntries(ELEMENTARY_SUBJECTS.map((s) => [s, subjectDetails(profile.works, s)])) as Record<
    ElementarySubject,
    ReturnType<typeof subjectDetails>
  >;
  return {
    teacherName: teacher.name,
    student: profile.student,
    classes: profile.classes,
    summary: profile.summary,
    subjects: profile.subjects,
    weeklyProgress: profile.weeklyProgress,
    details,
    conference: items.map(toConferenceJson),
  };
}

type Result = { intent: string; message?: string; alert?: string; error?: string; fieldErrors?: Record<string, string[]> };

const ElementaryStudentIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-item") }),
  z.object({ intent: z.literal("add-from-submission"), submissionId: z.string().default("") }),
  z.object({ intent: z.literal("remove-item"), itemId: z.string().default("") }),
]);

export const action = (args: ActionFunctionArgs) =>
  intentAction<StudentRecord, z.infer<typeof ElementaryStudentIntent>, Result>(args, {
    find: (db, teacherId, params) => getStudent(db, teacherId, params.id!),
    intents: ElementaryStudentIntent,
    run: async ({ intent: input, row: student, teacher, db, env, formData, reply }) => {
      const intent = input.intent;
      switch (input.intent) {
        case "add-item": {
          const files = formData.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
          const fields = ConferenceItemForm.safeParse(
            Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string" && v !== "")),
          );
          if (!fields.success) {
            const fieldErrors: Record<string, string[]> = {};
            for (const issue of fields.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
            return reply({ intent, error: files.length === 0 ? SELECT_FILE_FIRST : "Add a title and a description.", fieldErrors }, 400);
          }
          if (files.length === 0) return reply({ intent, error: SELECT_FILE_FIRST }, 400);
          if (files.length > 10) return reply({ intent, error: "Add at most 10 files at once." }, 400);
          const checked: CheckedConferenceFile[] = [];
          try {
            for (const file of files) checked.push(await checkConferenceFile(file));
          } catch (error) {
            if (error instanceof UnsupportedFileError)
              return reply({ intent, error: error.message }, error.reason === "too-large" ? 413 : 415);
            throw error;
          }
          const created = await addConferenceItems(db, env.UPLOADS, teacher.id, student.id, fields.data, checked);
          if (!created) notFound();
          const message = `Added "${fields.data.title}" to conference folder!`;
          return reply({ intent, message, alert: message });
        }
        case "add-from-submission": {
          const added = await addConferenceItemFromSubmission(db, env.UPLOADS, teacher.id, student.id, input.submissionId);
          if (!added) return reply({ intent, error: "That graded work was not found." }, 404);
          if (added.already) return reply({ intent, message: `"${added.item.title}" is already in the conference folder.` });
          const message = `Added "${added.item.title}" to conference folder!`;
          return reply({ intent, message, alert: message });
        }
        case "remove-item": {
          const ok = await removeConferenceItem(db, env.UPLOADS, teacher.id, student.id, input.itemId);
          return ok ? reply({ intent, message: "Removed from the conference folder." }) : reply({ intent, error: "Item not found." }, 404);
        }
      }
    },
  });

function attendedLabel(a: { present: number; late: number; absent: number }) {
  const total = a.present + a.late + a.absent;
  return `Attended ${a.present + a.late} of ${total} day${total === 1 ? "" : "s"}`;
}

const IMPORTANCE_TONE = { high: "red", medium: "amber", low: "slate" } as const;

export default function ElementaryStudentPage() {
  const { teacherName, student, classes, summary, subjects, weeklyProgress, details, conference } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const tab = TABS.find((t) => t.key === params.get("tab"))?.key ?? "overview";
  const subject = (ELEMENTARY_SUBJECTS as readonly string[]).includes(params.get("subject") ?? "")
    ? (params.get("subject") as ElementarySubject)
    : "Reading";
  const base = `/elementary-student/${student.id}`;

  // The spec's confirmation is an alert; the same text also stays on the page.
  useEffect(() => {
    if (hydrated && result?.alert) window.alert(result.alert);
  }, [result, hydrated]);

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <Link to="/students" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline">
        <span aria-hidden="true">←</span> Back to Students
      </Link>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={student.name} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">{student.name}</h1>
          <p className="text-sm text-slate-600">{classes.map((c) => c.name).join(", ") || "Not in a class"}</p>
        </div>
        <Link to={`/conference-summary/${student.id}`} className={secondaryButton}>
          Conference summary
        </Link>
        <Link to={`/student/${student.id}`} className={secondaryButton}>
          Full profile
        </Link>
      </div>

      <section aria-label="Student information" className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        <StatCard label="Grade level" value={<span className="text-lg sm:text-2xl">{gradeLabel(student.gradeLevel) ?? "Not set"}</span>} />
        <StatCard label="Teacher" value={<span className="text-lg">{teacherName}</span>} />
        <StatCard
          label="Parent contact"
          value={<span className="text-lg break-words">{student.parentContact ?? "Not set"}</span>}
          hint={
            student.parentContact ? undefined : (
              <Link to={`/student/${student.id}`} className="text-brand-700 underline">
                Add in student details
              </Link>
            )
          }
        />
        <StatCard
          label="Attendance"
          value={formatPercent(summary.attendanceRate)}
          hint={summary.attendanceRate == null ? "Not taken yet" : attendedLabel(summary.attendance)}
          testId="attendance"
        />
      </section>

      <section aria-label="Subject grades" className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-5">
        {subjects.map((s) => (
          <Link
            key={s.subject}
            to={`${base}?tab=subject&subject=${encodeURIComponent(s.subject)}`}
            className={`${card} block border-t-4 p-4 hover:shadow-md`}
            style={{ borderTopColor: SUBJECT_COLORS[s.subject] }}
            data-testid="subject-card"
          >
            <span className="block text-sm font-medium text-slate-600">{s.subject}</span>
            <span className="mt-1 block text-2xl font-semibold text-slate-900">{formatPercent(s.currentGrade)}</span>
            <span
              className={`block text-xs font-medium ${s.trend == null ? "text-slate-500" : s.trend.startsWith("+") ? "text-emerald-700" : s.trend.startsWith("-") ? "text-red-700" : "text-slate-600"}`}
            >
              {s.trend == null ? (s.count === 0 ? "No graded work" : "Trend after 2 grades") : `${s.trend} points`}
            </span>
          </Link>
        ))}
      </section>

      <div className="mt-8">
        <TabLinks
          label="Elementary profile"
          tabs={TABS.map((t) => ({
            to: t.key === "subject" ? `${base}?tab=subject&subject=${encodeURIComponent(subject)}` : `${base}?tab=${t.key}`,
            label: t.label,
            current: t.key === tab,
          }))}
        />
        <Flash message={result?.message} />
        <Flash message={result?.intent !== "add-item" ? result?.error : null} tone="red" />

        {tab === "overview" ? (
          <section className={`${card} p-6`} aria-labelledby="weekly-heading">
            <h2 id="weekly-heading" className="mb-4 text-lg font-semibold">
              Weekly progress
            </h2>
            <WeeklyProgressChart data={weeklyProgress} subjects={ELEMENTARY_SUBJECTS} />
          </section>
        ) : null}

        {tab === "conference" ? (
          <div className="space-y-6">
            {/* Remounted after each saved item, so the dialog closes and starts empty. */}
            <ConferenceItemDialog
              key={`dialog-${conference.length}`}
              open={result?.intent === "add-item" && !!result.error}
              error={result?.intent === "add-item" ? result.error : null}
              fieldErrors={result?.fieldErrors}
            />
            {conference.length === 0 ? (
              <EmptyState title="The conference folder is empty">
                Add work samples, photos or notes to share at the next parent meeting, or add graded work from Subject Details.
              </EmptyState>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Conference folder">
                {conference.map((item) => (
                  <li key={item.id} className={`${card} flex flex-col overflow-hidden`} data-testid="conference-item">
                    {item.hasFile && item.fileType?.startsWith("image/") ? (
                      <img src={`/api/conference-items/${item.id}/file`} alt="" className="h-40 w-full object-cover" loading="lazy" />
                    ) : null}
                    <div className="flex flex-1 flex-col p-4">
                      <div className="flex flex-wrap gap-1.5">
                        <Badge tone="brand">{CONFERENCE_TYPE_LABELS[item.type]}</Badge>
                        <Badge>{item.subject}</Badge>
                        <Badge tone={IMPORTANCE_TONE[item.importance]}>{`${item.importance} importance`}</Badge>
                      </div>
                      <h3 className="mt-2 font-semibold text-slate-900">{item.title}</h3>
                      <p className="mt-1 text-sm text-slate-600">{item.description}</p>
                      {item.notes ? <p className="mt-1 text-xs text-slate-500">{`Notes: ${item.notes}`}</p> : null}
                      {item.score != null ? (
                        <p className="mt-1 text-xs text-slate-500">{`Score ${item.score}%${item.standard ? ` · ${item.standard}` : ""}`}</p>
                      ) : null}
                      <p className="mt-2 text-xs text-slate-500">
                        {formatDate(item.date)}
                        {item.fileName ? ` · ${item.fileName} (${formatFileSize(item.fileSize)})` : ""}
                      </p>
                      <div className="mt-auto flex gap-2 pt-3">
                        {item.hasFile ? (
                          <a href={`/api/conference-items/${item.id}/file`} target="_blank" rel="noreferrer" className={smallButton}>
                            Open file<span className="sr-only">{` ${item.fileName}`}</span>
                          </a>
                        ) : null}
                        <Form method="post">
                          <input type="hidden" name="itemId" value={item.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="remove-item"
                            className={smallButton}
                            aria-label={`Remove ${item.title}`}
                          >
                            Remove
                          </button>
                        </Form>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}

        {tab === "subject" ? (
          <section className={`${card} p-6`} aria-labelledby="subject-heading">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="subject-heading" className="text-lg font-semibold">{`${subject}: graded work`}</h2>
              <Link to={`${base}?tab=overview`} className={smallButton}>
                Back to Overview
              </Link>
            </div>
            <nav aria-label="Subjects" className="mt-3 flex flex-wrap gap-2">
              {ELEMENTARY_SUBJECTS.map((s) => (
                <Link
                  key={s}
                  to={`${base}?tab=subject&subject=${encodeURIComponent(s)}`}
                  aria-current={s === subject ? "page" : undefined}
                  className={`rounded-full px-3 py-1 text-sm ${s === subject ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
                >
                  {s}
                </Link>
              ))}
            </nav>
            {details[subject].length === 0 ? (
              <p className="mt-4 text-sm text-slate-600">{`No graded ${subject} work yet.`}</p>
            ) : (
              <div className="mt-4 overflow-x-auto">
                <DataTable variant="plain" columns={["Date", "Assignment", "Type", "Standard", "Grade", { label: "Action", srOnly: true }]}>
                  {details[subject].map((row) => (
                    <tr key={row.submissionId}>
                      <td className="py-2 pr-3">{formatDate(row.date)}</td>
                      <td className="py-2 pr-3 font-medium">{row.assignment}</td>
                      <td className="py-2 pr-3 capitalize">{row.type || "—"}</td>
                      <td className="py-2 pr-3">{row.standard || "—"}</td>
                      <td className="py-2 pr-3">{`${row.score}%`}</td>
                      <td className="py-2 text-right">
                        <Form method="post">
                          <input type="hidden" name="submissionId" value={row.submissionId} />
                          <button
                            type="submit"
                            name="intent"
                            value="add-from-submission"
                            className={smallButton}
                            aria-label={`Add to Conference: ${row.assignment}`}
                          >
                            Add to Conference
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </div>
            )}
          </section>
        ) : null}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary title="Student Not Found" back={{ to: "/students", label: "Back to Students" }} />;
}
