import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Toggle } from "~/components/ui/toggle";
import { DeleteAccount, EmailChange, PasswordChange } from "~/components/settings/account-forms";
import { ExportData, RetentionSetting } from "~/components/settings/privacy";
import { Saved, SettingsSection } from "~/components/settings/section";
import { AccessLogList } from "~/components/access-log-list";
import { FieldError } from "~/components/ui/field";
import { SettingsForm } from "~/schemas/assignments";
import { accessLogFor } from "~/server/access-log.server";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { forTeacher } from "../../core/db/scoped";
import { gradingAllowance, STARTER_FILES_PER_UPLOAD, UPGRADE_PATH } from "../../core/plans";
import { handleSettingsAction, type SettingsIntent } from "~/server/settings-actions.server";
import { getRetentionDays, getSettings } from "~/server/settings.server";
import { GoogleAccountPanel } from "~/components/google/google-account-panel";
import { googleAccountState } from "~/server/google/settings.server";
import { ClassroomConnection } from "~/components/classroom/classroom-connection";
import { classroomState } from "~/server/classroom/connection.server";

export const meta: MetaFunction = () => [{ title: "Settings | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  return {
    settings: await getSettings(db, teacher.id),
    account: { email: teacher.email, hasPassword: teacher.passwordHash !== null },
    retentionDays: await getRetentionDays(db, teacher.id),
    accessLog: await accessLogFor(db, teacher.id, { limit: 50 }),
    allowance: await gradingAllowance(forTeacher(db, teacher.id)),
    google: await googleAccountState(request, context, teacher),
    classroom: await classroomState(context, teacher),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleSettingsAction(request, context, await requireTeacher(request, context));
}

type ActionResult = { intent: SettingsIntent; result: SubmissionResult<string[]>; message: string | null };

export default function SettingsPage() {
  const { settings, account, retentionDays, accessLog, allowance, google, classroom } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "defaults") : null;
  const forIntent = (intent: SettingsIntent) => ({
    lastResult: submitting || actionData?.intent !== intent ? undefined : actionData.result,
    message: submitting || actionData?.intent !== intent ? null : actionData.message,
    busy: submitting === intent,
  });
  const defaults = forIntent("defaults");
  const [form, fields] = useForm({
    id: "settings",
    lastResult: defaults.lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SettingsForm, disableAutoCoercion: true }),
  });
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <SettingsSection
        id="defaults-heading"
        title="Grading defaults"
        intro="Defaults for every new assignment. You can still change them on each one."
      >
        <Form method="post" {...getFormProps(form)} className="space-y-6">
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
          <Toggle
            name="allowHostedReading"
            label="Let a hosted AI model read page images"
            hint="Off: photos and scans are read only inside Gradewell. On: a handwritten answer Gradewell cannot read surely may be sent, cut out alone without the name, to the AI model your school configured (whole pages only if your school set it up so)"
            defaultChecked={settings.allowHostedReading}
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
            <Saved message={defaults.message} />
            <button
              type="submit"
              disabled={defaults.busy}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
            >
              Save settings
            </button>
          </div>
        </Form>
      </SettingsSection>

      <SettingsSection id="plan-heading" title="Plan">
        <p className="text-sm text-slate-700" data-testid="plan-usage">
          {`You are on the ${allowance.plan.charAt(0).toUpperCase()}${allowance.plan.slice(1)} plan. `}
          {allowance.limit === null
            ? `${allowance.used} submissions graded this month; no monthly limit.`
            : `${allowance.used} of ${allowance.limit} graded submissions used this month.`}
        </p>
        {allowance.reached ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            Grading is paused until next month.
          </p>
        ) : null}
        {allowance.plan === "starter" ? (
          <>
            <p className="mt-2 text-sm text-slate-700" data-testid="plan-features">
              {`Professional adds the custom rubric builder, bulk upload (more than ${STARTER_FILES_PER_UPLOAD} students' files at once), advanced analytics and unlimited grading.`}
            </p>
            <a href={UPGRADE_PATH} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
              Upgrade to Professional
            </a>
          </>
        ) : null}
      </SettingsSection>

      <SettingsSection id="password-heading" title="Password" intro="Changing it signs you out on your other devices.">
        <PasswordChange {...forIntent("password")} hasPassword={account.hasPassword} />
      </SettingsSection>

      <SettingsSection id="email-heading" title="E-mail address">
        <EmailChange {...forIntent("email")} hasPassword={account.hasPassword} email={account.email} />
      </SettingsSection>

      <SettingsSection id="retention-heading" title="Retention">
        <RetentionSetting retentionDays={retentionDays} {...forIntent("retention")} />
      </SettingsSection>

      <SettingsSection id="export-heading" title="Export your data">
        <ExportData />
      </SettingsSection>

      <SettingsSection
        id="access-heading"
        title="Access log"
        intro="Who viewed, exported, regraded, changed or deleted which student's work, newest first. Entries are kept for one year."
      >
        <AccessLogList entries={accessLog} />
      </SettingsSection>

      <section aria-labelledby="delete-account-heading" className="mt-8 rounded-xl border border-red-200 bg-white p-6 shadow-sm">
        <h2 id="delete-account-heading" className="text-lg font-semibold text-red-800">
          Delete account
        </h2>
        <div className="mt-4">
          <DeleteAccount {...forIntent("delete-account")} hasPassword={account.hasPassword} />
        </div>
      </section>
      <GoogleAccountPanel state={google} />
      <SettingsSection id="classroom-heading" title="Google Classroom">
        <ClassroomConnection state={classroom} plan={allowance.plan} redirectTo="/settings" />
      </SettingsSection>
    </main>
  );
}
