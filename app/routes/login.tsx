import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthLayout, OrDivider } from "~/components/auth-layout";
import { GoogleButton, googleNotice } from "~/components/google-button";
import { PasswordField } from "~/components/password-field";
import { FormAlert, Spinner, TextField } from "~/components/ui/field";
import { LoginForm } from "~/schemas/auth";
import { requireAnonymous, safeRedirectPath } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { clientAddress } from "~/server/http.server";
import { createBrowserSession, sessionCookie } from "~/server/session.server";
import { authenticate } from "~/server/teachers.server";
import { deviceCookie, readDeviceCookie } from "~/server/throttle.server";
import { linkPendingGoogle } from "~/server/google/flows.server";

const PASSWORD_RESET_NOTICE = "Your password has been reset. Please sign in with your new password.";
const ACCOUNT_DELETED_NOTICE = "Your account and all of its data have been deleted.";

export const meta: MetaFunction = () => [{ title: "Sign in | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const submission = parseWithZod(await request.formData(), { schema: LoginForm });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const db = getDb(context.cloudflare.env.DB);
  const { email, password, redirectTo } = submission.value;
  const result = await authenticate(db, email, password, clientAddress(request), await readDeviceCookie(request));
  if ("error" in result) {
    return data(submission.reply({ formErrors: [result.error], hideFields: ["password"] }), { status: result.status });
  }
  const session = await createBrowserSession(db, result.teacher.id, request.headers.get("User-Agent"));
  const headers = new Headers({ "Set-Cookie": await sessionCookie(request, session.token, session.expiresAt) });
  headers.append("Set-Cookie", await deviceCookie(request, result.device));
  // Back from Google with an address that already had an account: the password just proved it, so link now.
  const linkCookie = await linkPendingGoogle(request, context, result.teacher);
  if (linkCookie) headers.append("Set-Cookie", linkCookie);
  throw redirect(safeRedirectPath(redirectTo), { headers });
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "login",
    defaultValue: { email: searchParams.get("email") ?? "" },
    lastResult: busy ? undefined : lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginForm }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formError = busy ? null : (form.errors?.[0] ?? googleNotice(searchParams.get("google"), "login"));
  const notice = searchParams.get("reset") ? PASSWORD_RESET_NOTICE : searchParams.get("deleted") ? ACCOUNT_DELETED_NOTICE : null;

  return (
    <AuthLayout
      title="Welcome back"
      subtitle={
        <>
          New to Gradewell?{" "}
          <Link to="/register" className="font-medium text-brand-600 hover:underline">
            Create account
          </Link>
        </>
      }
    >
      <GoogleButton intent="login" label="Sign in with Google" />
      <OrDivider />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {notice && !formError ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
            {notice}
          </p>
        ) : null}
        <FormAlert id={form.errorId} message={formError} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <fieldset disabled={busy} className="space-y-5">
          <TextField
            label="Email address"
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="email"
            errors={fields.email.errors}
            errorId={fields.email.errorId}
          />
          <PasswordField
            label="Password"
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="current-password"
            errors={fields.password.errors}
            errorId={fields.password.errorId}
          />
        </fieldset>
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </div>
        <button
          type="submit"
          disabled={busy}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-70"
        >
          {busy ? <Spinner /> : null}
          {busy ? "Signing in..." : "Sign in"}
        </button>
      </Form>
    </AuthLayout>
  );
}
