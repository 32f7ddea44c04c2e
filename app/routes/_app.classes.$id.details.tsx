import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NotFoundBoundary, notFound } from "~/components/classes/not-found";
import { card, dangerButton, Flash, formatDate, PageHeader, primaryButton, secondaryButton } from "~/components/ui/kit";
import { ClassFields } from "~/components/ui/class-fields";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import { formatPercent } from "~/lib/format";
import { UpdateClassForm } from "~/schemas/classes";
import { requireTeacher } from "~/server/auth.server";
import { intentAction } from "~/server/intent-action.server";
import type { IntentReply } from "~/lib/intent-reply";
import { z } from "zod";
import { DeleteClassForm } from "~/schemas/account";
import { deleteClassAndStudents, studentsOnlyIn } from "~/server/data-deletion.server";
import { getClass, getClassSummary, regenerateClassCode, setClassArchived, updateClass, type ClassRow } from "~/server/classes.server";
import { getDb } from "../../core/db/client";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.klass.name ?? "Class"} settings | Gradewell` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const klass = await getClassSummary(db, teacher.id, params.id!);
  if (!klass) notFound();
  return {
    onlyHere: (await studentsOnlyIn(db, teacher.id, klass.id)).length,
    klass: {
      id: klass.id,
      name: klass.name,
      subject: klass.subject,
      gradeLevel: klass.gradeLevel,
      description: klass.description,
      classCode: klass.classCode,
      enrollmentMethod: klass.enrollmentMethod,
      archivedAt: klass.archivedAt?.toISOString() ?? null,
      createdAt: klass.createdAt.toISOString(),
      studentCount: klass.studentCount,
      assignmentCount: klass.assignmentCount,
      averageScore: klass.averageScore,
    },
  };
}

type Result = IntentReply<{ update?: SubmissionResult<string[]> }>;

const ClassDetailsIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update") }),
  z.object({ intent: z.literal("regenerate-code") }),
  z.object({ intent: z.enum(["archive", "unarchive"]) }),
  z.object({ intent: z.literal("delete"), confirmName: z.string().default("") }),
]);

export const action = (args: ActionFunctionArgs) =>
  intentAction<ClassRow, z.infer<typeof ClassDetailsIntent>, Result>(args, {
    find: (db, teacherId, params) => getClass(db, teacherId, params.id!),
    intents: ClassDetailsIntent,
    run: async ({ intent: input, row: klass, teacher, db, env, formData, reply }) => {
      const intent = input.intent;
      switch (input.intent) {
        case "update": {
          const submission = parseWithZod(formData, { schema: UpdateClassForm });
          if (submission.status !== "success") return reply({ intent, update: submission.reply() }, 400);
          await updateClass(db, teacher.id, klass.id, submission.value);
          return reply({ intent, update: submission.reply(), message: "Class details saved." });
        }
        case "regenerate-code": {
          const updated = await regenerateClassCode(db, teacher.id, klass.id);
          return reply({ intent, message: `New class code: ${updated!.classCode}. The old code no longer works.` });
        }
        case "archive":
        case "unarchive":
          await setClassArchived(db, teacher.id, klass.id, intent === "archive");
          return reply({
            intent,
            message: intent === "archive" ? "Class archived. It is hidden from My Classes until you restore it." : "Class restored.",
          });
        case "delete": {
          if (input.confirmName.trim() !== klass.name) {
            return reply({ intent, error: "Type the class name exactly to confirm deleting it." }, 400);
          }
          const withStudents =
            DeleteClassForm.safeParse({ deleteStudents: formData.get("deleteStudents") ?? undefined }).data?.deleteStudents === "on";
          await deleteClassAndStudents(env, db, teacher, klass.id, withStudents);
          throw redirect(`/classes?deleted=${encodeURIComponent(klass.name)}`);
        }
      }
    },
  });

export default function ClassDetailsPage() {
  const { klass, onlyHere } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const [form, fields] = useForm({
    id: "class-settings",
    lastResult: result?.intent === "update" ? result.update : undefined,
    defaultValue: {
      name: klass.name,
      subject: klass.subject,
      gradeLevel: klass.gradeLevel,
      description: klass.description,
      enrollmentMethod: klass.enrollmentMethod,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpdateClassForm }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const field = (name: keyof typeof fields) => ({ errors: fields[name].errors, errorId: fields[name].errorId });

  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader
        title={`${klass.name} settings`}
        subtitle={`Created ${formatDate(klass.createdAt)} · ${klass.studentCount} students · ${klass.assignmentCount} assignments · average ${formatPercent(klass.averageScore)}`}
        back={{ to: "/classes", label: "Back to Classes" }}
        actions={
          <Link to={`/classes/${klass.id}`} className={secondaryButton}>
            View Class
          </Link>
        }
      />
      <Flash message={result?.message} />
      <Flash message={result?.error} tone="red" />

      <Form method="post" {...getFormProps(form)} className={`${card} space-y-5 p-6`} aria-labelledby="details-heading">
        <h2 id="details-heading" className="text-lg font-semibold">
          Class details
        </h2>
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <ClassFields fields={fields} />
        <SelectField
          label="Enrollment"
          placeholder="Select enrollment"
          options={[
            { value: "auto", label: "Auto: students join with the class code" },
            { value: "manual", label: "Manual: I add students" },
          ]}
          {...getSelectProps(fields.enrollmentMethod)}
          {...field("enrollmentMethod")}
        />
        <div className="flex justify-end">
          <button type="submit" name="intent" value="update" className={primaryButton} disabled={saving}>
            {saving ? "Saving..." : "Save changes"}
          </button>
        </div>
      </Form>

      <section aria-labelledby="code-heading" className={`${card} mt-6 p-6`}>
        <h2 id="code-heading" className="text-lg font-semibold">
          Class code
        </h2>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
          <p className="font-mono text-3xl font-semibold tracking-[0.3em] text-brand-700" data-testid="class-code">
            {klass.classCode}
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="regenerate-code" className={secondaryButton}>
              Regenerate code
            </button>
          </Form>
        </div>
        <p className="mt-2 text-sm text-slate-600">A new code replaces the old one; students already in the class stay enrolled.</p>
      </section>

      <section aria-labelledby="archive-heading" className={`${card} mt-6 p-6`}>
        <h2 id="archive-heading" className="text-lg font-semibold">
          {klass.archivedAt ? "Archived class" : "Archive"}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {klass.archivedAt
            ? `Archived on ${formatDate(klass.archivedAt)}. Restore it to show it in My Classes again.`
            : "Archiving hides the class from My Classes and keeps its roster, attendance and grades."}
        </p>
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value={klass.archivedAt ? "unarchive" : "archive"} className={secondaryButton}>
            {klass.archivedAt ? "Restore class" : "Archive class"}
          </button>
        </Form>
      </section>

      <section aria-labelledby="delete-heading" className="mt-6 rounded-xl border border-red-200 bg-white p-6 shadow-sm">
        <h2 id="delete-heading" className="text-lg font-semibold text-red-800">
          Delete class
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Deleting removes the class, its roster and attendance. Unless you tick the box below, students and their graded work stay in
          Gradewell. This cannot be undone.
        </p>
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-red-700">Delete this class…</summary>
          <Form method="post" className="mt-3 space-y-3">
            <TextField label={`Type "${klass.name}" to confirm`} id="confirm-name" name="confirmName" autoComplete="off" />
            {onlyHere > 0 ? (
              <label className="flex items-start gap-2 text-sm text-slate-700">
                <input type="checkbox" name="deleteStudents" className="mt-0.5 h-4 w-4 rounded border-slate-300" />
                <span>{`Also delete its ${onlyHere} student${onlyHere === 1 ? "" : "s"} who ${onlyHere === 1 ? "is" : "are"} in no other class, with all their work`}</span>
              </label>
            ) : null}
            <button type="submit" name="intent" value="delete" className={dangerButton}>
              Delete class permanently
            </button>
          </Form>
        </details>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary title="Class not found" back={{ to: "/classes", label: "Back to Classes" }} />;
}
