import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { FormAlert } from "~/components/ui/field";
import { getDb } from "../../core/db/client";
import { findAccountToken } from "~/server/account-tokens.server";
import { EMAIL_LINK_INVALID } from "~/schemas/account";
import { confirmEmailChange } from "~/server/email-change.server";

export const meta: MetaFunction = () => [{ title: "Confirm your e-mail | Gradewell" }];
export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

// Opening the link only shows a button: mail scanners that follow links must not use it up.
export async function loader({ params, context }: LoaderFunctionArgs) {
  const row = await findAccountToken(getDb(context.cloudflare.env.DB), params.token ?? "", "email_change");
  return { newEmail: row?.newEmail ?? null };
}

export async function action({ params, context }: ActionFunctionArgs) {
  const result = await confirmEmailChange(getDb(context.cloudflare.env.DB), params.token ?? "");
  if ("error" in result) return data({ error: result.error, email: null }, { status: 400 });
  return { error: null, email: result.email };
}

export default function ConfirmEmailPage() {
  const { newEmail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const signIn = (
    <Link to="/login" className="font-medium text-brand-600 hover:underline">
      Sign in
    </Link>
  );
  if (result?.email) {
    return (
      <AuthLayout title="E-mail address changed" subtitle={signIn}>
        <p role="status" className="text-sm text-slate-700">
          Your account now signs in with <strong>{result.email}</strong>.
        </p>
      </AuthLayout>
    );
  }
  if (!newEmail || result?.error) {
    return (
      <AuthLayout title="Confirm your e-mail" subtitle={signIn}>
        <FormAlert message={result?.error ?? EMAIL_LINK_INVALID} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Confirm your e-mail" subtitle="One click and it is done.">
      <Form method="post" className="space-y-5">
        <p className="text-sm text-slate-700">
          Use <strong>{newEmail}</strong> to sign in to Gradewell from now on?
        </p>
        <button
          type="submit"
          className="w-full rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Confirm new e-mail
        </button>
      </Form>
    </AuthLayout>
  );
}
