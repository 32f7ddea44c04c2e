import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { FormAlert, Spinner, TextField } from "~/components/ui/field";
import { ForgotPasswordForm } from "~/schemas/account";
import { getDb } from "../../core/db/client";
import { clientAddress } from "~/server/http.server";
import { appOrigin } from "~/server/mail.server";
import { resetRequestedMessage, sendPasswordResetLink, throttleResetRequest } from "~/server/password-reset.server";
import { RateLimitError } from "~/server/rate-limit.server";

export const meta: MetaFunction = () => [{ title: "Forgot password | Gradewell" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordForm });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: null }, { status: 400 });
  const { env, ctx } = context.cloudflare;
  const db = getDb(env.DB);
  const { email } = submission.value;
  try {
    await throttleResetRequest(db, email, clientAddress(request));
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message] }), sent: null }, { status: 429 });
  }
  // The answer goes out before the look-up, so neither its words nor its timing tell whether the address has an account.
  ctx.waitUntil(
    sendPasswordResetLink(env, db, email, appOrigin(env, request)).catch((error) => console.error("Password reset mail failed", error)),
  );
  return { result: submission.reply({ resetForm: true }), sent: resetRequestedMessage(email) };
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: busy ? undefined : actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordForm }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle={
        <>
          Remembered it?{" "}
          <Link to="/login" className="font-medium text-brand-600 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <p className="text-sm text-slate-600">
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </p>
        <FormAlert id={form.errorId} message={busy ? null : form.errors?.[0]} />
        {actionData?.sent && !busy ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
            {actionData.sent}
          </p>
        ) : null}
        <TextField
          label="Email address"
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="email"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <button
          type="submit"
          disabled={busy}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-70"
        >
          {busy ? <Spinner /> : null}
          Send reset link
        </button>
      </Form>
    </AuthLayout>
  );
}
