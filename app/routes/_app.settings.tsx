import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Toggle } from "~/components/assignments/toggle";
import { FieldError } from "~/components/ui/field";
import { SettingsForm } from "~/schemas/assignments";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { getSettings, saveSettings } from "~/server/settings.server";
import { GoogleAccountPanel } from "~/components/google/google-account-panel";
import { googleAccountState } from "~/server/google/settings.server";

export const meta: MetaFunction = () => [{ title: "Settings | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const [settings, google] = await Promise.all([
    getSettings(getDb(context.cloudflare.env.DB), teacher.id),
    googleAccountState(request, context, teacher),
  ]);
  return { settings, google };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const submission = parseWithZod(await request.formData(), { schema: SettingsForm, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply(), saved: false }, { status: 400 });
  await saveSettings(getDb(context.cloudflare.env.DB), teacher.id, submission.value);
  return { result: submission.reply(), saved: true };
}

export default function SettingsPage() {
  const { settings, google } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "settings",
    lastResult: busy ? undefined : actionData?.result,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SettingsForm, disableAutoCoercion: true }),
  });
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <p className="mt-1 text-slate-600">Defaults for every new assignment. You can still change them on each one.</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <Toggle
          name="autoDetectStudents"
          label="Auto-detect student names"
          hint="Read each student's name from their work"
          defaultChecked={settings.autoDetectStudents}
        />
        <Toggle
          name="autoDetectStandards"
          label="Auto-detect educational standards"
          hint="Match the work to standards"
          defaultChecked={settings.autoDetectStandards}
        />
        <Toggle
          name="requireManualReview"
          label="Require manual review"
          hint="Grades stay pending until you approve them"
          defaultChecked={settings.requireManualReview}
        />
        <div className="max-w-48">
          <label htmlFor={fields.defaultPoints.id} className="mb-1 block text-sm font-medium text-slate-700">
            Default points
          </label>
          <input
            id={fields.defaultPoints.id}
            name={fields.defaultPoints.name}
            type="number"
            min={1}
            defaultValue={settings.defaultPoints}
            aria-invalid={fields.defaultPoints.errors?.length ? true : undefined}
            aria-describedby={fields.defaultPoints.errors?.length ? fields.defaultPoints.errorId : undefined}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid=true]:border-red-500"
          />
          <FieldError id={fields.defaultPoints.errorId} errors={fields.defaultPoints.errors} />
        </div>
        <div className="flex items-center justify-end gap-3">
          {actionData?.saved && !busy ? (
            <p role="status" className="text-sm font-medium text-green-700">
              Settings saved.
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
          >
            Save settings
          </button>
        </div>
      </Form>
      <GoogleAccountPanel state={google} />
    </main>
  );
}
