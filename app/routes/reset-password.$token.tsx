import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { NewPasswordFields } from "~/components/password-field";
import { FormAlert, Spinner } from "~/components/ui/field";
import { RESET_LINK_INVALID, ResetPasswordForm } from "~/schemas/account";
import { getDb } from "../../core/db/client";
import { findAccountToken } from "~/server/account-tokens.server";
import { resetPassword } from "~/server/password-reset.server";
import { clearSessionCookie } from "~/server/session.server";

export const meta: MetaFunction = () => [{ title: "Choose a new password | Gradewell" }];

// The token is in the address: no Referer may carry it to another site.
export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

export async function loader({ params, context }: LoaderFunctionArgs) {
  const row = await findAccountToken(getDb(context.cloudflare.env.DB), params.token ?? "", "password_reset");
  return data({ valid: row !== null }, { headers: { "Referrer-Policy": "no-referrer" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordForm });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const result = await resetPassword(getDb(context.cloudflare.env.DB), params.token ?? "", submission.value.password);
  if ("error" in result) {
    return data(submission.reply({ formErrors: [result.error], hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  // Every session ended with the reset, this browser's too.
  throw redirect("/login?reset=1", { headers: { "Set-Cookie": await clearSessionCookie(request) } });
}

export default function ResetPasswordPage() {
  const { valid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: busy ? undefined : lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordForm }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const back = (
    <Link to="/forgot-password" className="font-medium text-brand-600 hover:underline">
      Ask for a new link
    </Link>
  );
  if (!valid) {
    return (
      <AuthLayout title="Choose a new password" subtitle={back}>
        <FormAlert message={RESET_LINK_INVALID} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password" subtitle="At least 8 characters. Resetting signs you out on every device.">
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormAlert id={form.errorId} message={busy ? null : form.errors?.[0]} />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <button
          type="submit"
          disabled={busy}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-70"
        >
          {busy ? <Spinner /> : null}
          Reset password
        </button>
      </Form>
    </AuthLayout>
  );
}
