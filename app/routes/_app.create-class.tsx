import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { useState } from "react";
import { addDraftStudent, readStudentRows, type DraftStudent } from "~/components/classes/student-rows";
import { card, PageHeader, primaryButton, secondaryButton, smallButton } from "~/components/ui/kit";
import { ClassFields } from "~/components/ui/class-fields";
import { FieldError, FormAlert, Spinner, TextField } from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";
import { generateClassCode } from "~/lib/class-code";
import { CreateClassForm, ERROR_CREATING_CLASS, FAILED_TO_CREATE_CLASS } from "~/schemas/classes";
import { requireTeacher } from "~/server/auth.server";
import { createClass, uniqueClassCode } from "~/server/classes.server";
import { getDb } from "../../core/db/client";

export const meta: MetaFunction = () => [{ title: "Create Class | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  return { suggestedCode: await uniqueClassCode(getDb(context.cloudflare.env.DB), teacher.id) };
}

const DRAFT_FIELDS = ["name", "subject", "gradeLevel", "description", "classCode", "enrollmentMethod"] as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "create");

  // Without JavaScript the roster and the code generator round-trip through the server.
  if (intent !== "create") {
    const values = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, String(formData.get(f) ?? "")]));
    let students = readStudentRows(formData);
    let rosterError: string | null = null;
    let pending = { name: String(formData.get("newStudentName") ?? ""), email: String(formData.get("newStudentEmail") ?? "") };
    if (intent === "add-student") {
      const added = addDraftStudent(students, pending.name, pending.email);
      students = added.rows;
      rosterError = added.error;
      if (!added.error) pending = { name: "", email: "" };
    } else if (intent.startsWith("remove-student:")) {
      const index = Number(intent.split(":")[1]);
      students = students.filter((_, i) => i !== index);
    } else if (intent === "generate-code") {
      values.classCode = generateClassCode();
    }
    return data({ kind: "draft" as const, values, students, pending, rosterError });
  }

  const submission = parseWithZod(formData, { schema: CreateClassForm });
  if (submission.status !== "success") {
    return data({ kind: "result" as const, result: submission.reply({ formErrors: [FAILED_TO_CREATE_CLASS] }) }, { status: 400 });
  }
  const value = submission.value;
  const created = await createClass(getDb(context.cloudflare.env.DB), teacher.id, {
    ...value,
    students: value.enrollmentMethod === "manual" ? value.students : [],
  });
  if ("error" in created) {
    return data(
      {
        kind: "result" as const,
        result: submission.reply({ formErrors: [FAILED_TO_CREATE_CLASS], fieldErrors: { classCode: [created.error] } }),
      },
      { status: 409 },
    );
  }
  throw redirect("/classes");
}

function withoutDefault<T extends { defaultValue?: unknown }>(props: T): Omit<T, "defaultValue"> {
  const { defaultValue: _ignored, ...rest } = props;
  return rest;
}

export default function CreateClassPage() {
  const { suggestedCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const draft = actionData?.kind === "draft" ? actionData : null;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "create";

  const [form, fields] = useForm({
    id: "create-class",
    lastResult: busy || actionData?.kind !== "result" ? undefined : actionData.result,
    defaultValue: draft?.values ?? { classCode: suggestedCode, enrollmentMethod: "auto" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateClassForm }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [students, setStudents] = useState<DraftStudent[]>(draft?.students ?? []);
  const [pending, setPending] = useState(draft?.pending ?? { name: "", email: "" });
  const [rosterError, setRosterError] = useState<string | null>(draft?.rosterError ?? null);
  const [method, setMethod] = useState<string>(draft?.values.enrollmentMethod || "auto");
  const [code, setCode] = useState<string>(draft ? draft.values.classCode : suggestedCode);
  const addPending = () => {
    const added = addDraftStudent(students, pending.name, pending.email);
    setRosterError(added.error);
    if (!added.error) {
      setStudents(added.rows);
      setPending({ name: "", email: "" });
    }
  };
  // Enter in the new-student fields adds the student instead of submitting the whole form.
  const addOnEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    addPending();
  };

  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader
        title="Create New Class"
        subtitle="Set up a class, then share its code or add students yourself."
        back={{ to: "/classes", label: "Back to Classes" }}
      />
      <Form method="post" {...getFormProps(form)} className={`${card} space-y-6 p-6`}>
        {/* The first submit button is the one Enter presses: make it "create", not "Generate". */}
        <button type="submit" name="intent" value="create" className="sr-only" tabIndex={-1} aria-hidden="true">
          Create Class
        </button>
        <FormAlert id={form.errorId} message={busy ? null : form.errors?.[0]} />
        <ClassFields
          fields={{ name: fields.name, subject: fields.subject, gradeLevel: fields.gradeLevel, description: fields.description }}
          namePlaceholder="e.g. Period 2 Algebra"
          descriptionOptional
        />
        <div>
          <label htmlFor={fields.classCode.id} className="mb-1 block text-sm font-medium text-slate-700">
            Class code
          </label>
          <div className="flex gap-2">
            <input
              {...withoutDefault(getInputProps(fields.classCode, { type: "text" }))}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
              maxLength={6}
              autoCapitalize="characters"
              aria-describedby={`${fields.classCode.id}-hint ${fields.classCode.errorId}`}
              className="block w-40 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm tracking-widest uppercase shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid=true]:border-red-500"
            />
            <button
              type="submit"
              name="intent"
              value="generate-code"
              formNoValidate
              className={secondaryButton}
              onClick={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                setCode(generateClassCode());
              }}
            >
              Generate
            </button>
          </div>
          <p id={`${fields.classCode.id}-hint`} className="mt-1 text-xs text-slate-500">
            6 letters or digits. Type your own or generate one.
          </p>
          <FieldError id={fields.classCode.errorId} errors={fields.classCode.errors} />
        </div>

        <fieldset>
          <legend className="mb-2 block text-sm font-medium text-slate-700">Enrollment</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {[
              { value: "auto", title: "Auto", body: "Students join with the class code." },
              { value: "manual", title: "Manual", body: "Add students yourself now." },
            ].map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={fields.enrollmentMethod.name}
                  value={option.value}
                  defaultChecked={(draft?.values.enrollmentMethod || "auto") === option.value}
                  onChange={() => setMethod(option.value)}
                  className="mt-1"
                />
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{option.title}</span>
                  <span className="block text-xs text-slate-600">{option.body}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {!hydrated || method === "manual" ? (
          <section aria-labelledby="manual-students" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <h2 id="manual-students" className="text-sm font-semibold text-slate-900">
              Students {students.length > 0 ? `(${students.length})` : null}
            </h2>
            {!hydrated ? <p className="mt-1 text-xs text-slate-600">Used when enrollment is Manual.</p> : null}
            {students.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No students added yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" aria-label="Students to enroll">
                {students.map((s, i) => (
                  <li key={s.email} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                    <span className="min-w-0 truncate">
                      <span className="font-medium text-slate-900">{s.name}</span> <span className="text-slate-600">{s.email}</span>
                    </span>
                    <input type="hidden" name={`students[${i}].name`} value={s.name} />
                    <input type="hidden" name={`students[${i}].email`} value={s.email} />
                    <button
                      type="submit"
                      name="intent"
                      value={`remove-student:${i}`}
                      formNoValidate
                      className={smallButton}
                      aria-label={`Remove ${s.name}`}
                      onClick={(e) => {
                        if (!hydrated) return;
                        e.preventDefault();
                        setStudents(students.filter((_, j) => j !== i));
                      }}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <TextField
                label="Student name"
                id="new-student-name"
                name="newStudentName"
                value={pending.name}
                onChange={(e) => setPending({ ...pending, name: e.currentTarget.value })}
                onKeyDown={addOnEnter}
              />
              <TextField
                label="Student email"
                id="new-student-email"
                name="newStudentEmail"
                type="email"
                value={pending.email}
                onChange={(e) => setPending({ ...pending, email: e.currentTarget.value })}
                onKeyDown={addOnEnter}
              />
              <button
                type="submit"
                name="intent"
                value="add-student"
                formNoValidate
                className={secondaryButton}
                disabled={hydrated && (!pending.name.trim() || !pending.email.trim())}
                onClick={(e) => {
                  if (!hydrated) return;
                  e.preventDefault();
                  addPending();
                }}
              >
                Add Student
              </button>
            </div>
            {rosterError ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {rosterError}
              </p>
            ) : null}
            <FieldError errors={fields.students.errors} />
          </section>
        ) : (
          <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700">
            Students join with the class code{" "}
            <span className="font-mono font-semibold tracking-wider">{code || "(generated on save)"}</span>.
          </p>
        )}

        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-5">
          <Link to="/classes" className={secondaryButton}>
            Cancel
          </Link>
          <button type="submit" name="intent" value="create" className={primaryButton} disabled={busy}>
            {busy ? <Spinner /> : null}
            {busy ? "Creating..." : "Create Class"}
          </button>
        </div>
      </Form>
    </main>
  );
}

/** An unexpected failure while saving: the spec's 'Error creating class', with the way back. */
export function ErrorBoundary() {
  useRouteError();
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{ERROR_CREATING_CLASS}</h1>
      <p className="mt-2 text-slate-600">Nothing was saved. Please try again.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/classes" className={secondaryButton}>
          Back to Classes
        </Link>
        <Link to="/create-class" className={primaryButton} reloadDocument>
          Try again
        </Link>
      </div>
    </main>
  );
}
