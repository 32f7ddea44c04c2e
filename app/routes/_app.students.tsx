import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
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
  StatCard,
} from "~/components/ui/kit";
import { Avatar } from "~/components/students/avatar";
import { FormAlert, SelectField } from "~/components/ui/field";
import { StudentFields } from "~/components/ui/student-fields";
import { formatPercent } from "~/lib/format";
import { AddStudentForm } from "~/schemas/classes";
import { requireTeacher } from "~/server/auth.server";
import { listClasses } from "~/server/classes.server";
import { getDb } from "../../core/db/client";
import { createStudent, listStudents } from "~/server/students.server";

export const meta: MetaFunction = () => [{ title: "Students | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 100) ?? "";
  const classId = url.searchParams.get("class") ?? "";
  const [result, classes] = await Promise.all([
    listStudents(db, teacher.id, { q, classId: classId || undefined }),
    listClasses(db, teacher.id),
  ]);
  return { ...result, classes: classes.map((c) => ({ id: c.id, name: c.name })), q, classId };
}

type Result = { message?: string; result?: SubmissionResult<string[]>; studentId?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AddStudentForm });
  if (submission.status !== "success") return data<Result>({ result: submission.reply() }, { status: 400 });
  const created = await createStudent(getDb(context.cloudflare.env.DB), teacher.id, {
    ...submission.value,
    classId: submission.value.classId || undefined,
  });
  if ("error" in created) {
    return data<Result>({ result: submission.reply({ fieldErrors: { [created.field]: [created.error] } }) }, { status: 409 });
  }
  return data<Result>({
    result: submission.reply({ resetForm: true }),
    message: `Added ${created.student.name}.`,
    studentId: created.student.id,
  });
}

function lastActiveLabel(iso: string | null): string {
  if (!iso) return "No activity yet";
  const days = Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 14) return `${days} days ago`;
  return formatDate(iso);
}

export default function StudentsPage() {
  const { students, summary, classes, q, classId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "add-student",
    lastResult: adding ? undefined : actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddStudentForm }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const emails = students.map((s) => s.email).filter((e): e is string => !!e);
  const mailto = emails.length > 0 ? `mailto:?bcc=${emails.map(encodeURIComponent).join(",")}` : null;
  const filtered = q !== "" || classId !== "";
  const addOpen = actionData?.result?.status === "error";

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Students"
        subtitle="Every student across your classes, with grades from their graded work."
        actions={
          mailto ? (
            <a
              href={mailto}
              className={secondaryButton}
              title={`Email ${emails.length} student${emails.length === 1 ? "" : "s"} (addresses in Bcc)`}
            >
              Email All
            </a>
          ) : (
            <span
              className={`${secondaryButton} cursor-not-allowed opacity-60`}
              aria-disabled="true"
              title="No student e-mail addresses in this list"
            >
              Email All
            </span>
          )
        }
      />
      <Flash message={actionData?.message} />
      {actionData?.studentId ? (
        <p className="-mt-2 mb-4 text-sm">
          <Link to={`/student/${actionData.studentId}`} className="font-medium text-brand-700 hover:underline">
            Open their profile
          </Link>
        </p>
      ) : null}

      <section aria-label="Summary" className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <StatCard label="Total students" value={summary.total} testId="summary-total" />
        <StatCard label="Average grade" value={formatPercent(summary.averageGrade)} hint="Across graded work" />
        <StatCard label="Active this week" value={summary.activeThisWeek} hint="Submitted work in 7 days" />
        <StatCard label="Need attention" value={summary.needAttention} hint="Average below 70%" />
      </section>

      <div className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-start">
        <Form method="get" role="search" className={`${card} flex flex-1 flex-wrap items-end gap-3 p-4`}>
          <div className="min-w-48 flex-1">
            <label htmlFor="student-search" className="mb-1 block text-sm font-medium text-slate-700">
              Search
            </label>
            <input
              id="student-search"
              type="search"
              name="q"
              defaultValue={q}
              placeholder="Name or email"
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <div className="min-w-40">
            <label htmlFor="class-filter" className="mb-1 block text-sm font-medium text-slate-700">
              Class
            </label>
            <select
              id="class-filter"
              name="class"
              defaultValue={classId}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">All classes</option>
              {classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondaryButton}>
            Filter
          </button>
          {filtered ? (
            <Link to="/students" className="text-sm font-medium text-brand-700 hover:underline">
              Clear
            </Link>
          ) : null}
        </Form>

        <details className={`${card} p-4 lg:w-96`} open={addOpen}>
          <summary className={`${primaryButton} cursor-pointer list-none`}>Add Student</summary>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
            <FormAlert id={form.errorId} message={form.errors?.[0]} />
            <StudentFields
              fields={{ name: fields.name, email: fields.email, gradeLevel: fields.gradeLevel, parentContact: fields.parentContact }}
              labels={{ email: "Email (optional)", parentContact: "Parent contact (optional)" }}
            />
            <SelectField
              label="Class"
              placeholder="No class yet"
              options={classes.map((c) => ({ value: c.id, label: c.name }))}
              {...getSelectProps(fields.classId)}
              errors={fields.classId.errors}
              errorId={fields.classId.errorId}
            />
            <button type="submit" className={`${primaryButton} w-full`} disabled={adding}>
              {adding ? "Adding..." : "Add Student"}
            </button>
          </Form>
        </details>
      </div>

      <div className="mt-6">
        {students.length === 0 ? (
          filtered ? (
            <EmptyState title="No students match">Try another name, or clear the filter.</EmptyState>
          ) : (
            <EmptyState
              title="No students yet"
              action={
                <Link to="/classes" className={primaryButton}>
                  Go to My Classes
                </Link>
              }
            >
              Add students here, enroll them in a class, or import a roster CSV on a class page.
            </EmptyState>
          )
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Students">
            {students.map((s) => (
              // min-w-0: a long e-mail address is truncated instead of widening the card past a phone's screen.
              <li key={s.id} className={`${card} flex min-w-0 flex-col p-5`} data-testid="student-card">
                <div className="flex items-center gap-3">
                  <Avatar name={s.name} />
                  <div className="min-w-0">
                    <h2 className="truncate font-semibold text-slate-900">{s.name}</h2>
                    <p className="truncate text-sm text-slate-600">{s.email ?? "No email"}</p>
                  </div>
                </div>
                <p className="mt-3 text-sm text-slate-600">
                  {s.classes.length ? s.classes.map((c) => c.name).join(", ") : "Not in a class"}
                </p>
                <dl className="mt-4 grid grid-cols-3 gap-2 text-center text-sm">
                  <div className="rounded-lg bg-slate-50 p-2">
                    <dt className="text-xs text-slate-500">Average</dt>
                    <dd className="mt-1">
                      <Badge tone={scoreTone(s.avgGrade)}>{formatPercent(s.avgGrade)}</Badge>
                    </dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-2">
                    <dt className="text-xs text-slate-500">Assignments</dt>
                    <dd className="mt-1 font-semibold">{s.assignments}</dd>
                  </div>
                  <div className="rounded-lg bg-slate-50 p-2">
                    <dt className="text-xs text-slate-500">Last active</dt>
                    <dd className="mt-1 text-xs font-medium">{lastActiveLabel(s.lastActive)}</dd>
                  </div>
                </dl>
                <div className="mt-auto flex gap-2 pt-4">
                  <Link to={`/student/${s.id}`} className={`${primaryButton} flex-1`} aria-label={`View Profile of ${s.name}`}>
                    View Profile
                  </Link>
                  {s.elementary ? (
                    <Link
                      to={`/elementary-student/${s.id}`}
                      className={`${secondaryButton} flex-1`}
                      aria-label={`Elementary profile of ${s.name}`}
                    >
                      Elementary
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
