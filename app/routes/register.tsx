import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { AuthLayout, OrDivider } from "~/components/auth-layout";
import { GoogleButton, googleNotice } from "~/components/google-button";
import { PasswordField } from "~/components/password-field";
import { FieldError, FormAlert, SelectField, Spinner, TextField } from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";
import { GRADE_LEVELS } from "../../core/constants";
import { RegisterForm, US_STATES } from "~/schemas/auth";
import { requireAnonymous } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { clientAddress } from "~/server/http.server";
import { consume, isLocalAddress, RateLimitError } from "~/server/rate-limit.server";
import { createBrowserSession, sessionCookie } from "~/server/session.server";
import { notifyOwner } from "~/server/password-reset.server";
import { createTeacher, DUPLICATE_EMAIL_MESSAGE } from "~/server/teachers.server";

export const meta: MetaFunction = () => [{ title: "Create your account | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const submission = parseWithZod(await request.formData(), { schema: RegisterForm });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const value = submission.value;
  const db = getDb(context.cloudflare.env.DB);
  const address = clientAddress(request);
  try {
    if (!isLocalAddress(address)) await consume(db, "registration", address);
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    return data(submission.reply({ formErrors: [error.message], hideFields: ["password", "confirmPassword"] }), { status: 429 });
  }
  const created = await createTeacher(db, {
    name: `${value.firstName} ${value.lastName}`,
    email: value.email,
    password: value.password,
    username: value.username,
    schoolName: value.schoolName,
    state: value.state,
    gradeLevel: value.gradeLevel,
  });
  if ("error" in created) {
    if (created.error === DUPLICATE_EMAIL_MESSAGE) notifyOwner(context, request, value.email);
    return data(submission.reply({ formErrors: [created.error], hideFields: ["password", "confirmPassword"] }), { status: 409 });
  }
  const session = await createBrowserSession(db, created.teacher.id, request.headers.get("User-Agent"));
  throw redirect("/dashboard", { headers: { "Set-Cookie": await sessionCookie(request, session.token, session.expiresAt) } });
}

export default function RegisterPage() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const [agreed, setAgreed] = useState(false);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "register",
    lastResult: busy ? undefined : lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterForm }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formError = busy ? null : (form.errors?.[0] ?? googleNotice(searchParams.get("google"), "register"));
  const field = (name: keyof typeof fields) => ({ errors: fields[name].errors, errorId: fields[name].errorId });

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-brand-600 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <GoogleButton intent="register" label="Sign up with Google" />
      <OrDivider />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormAlert id={form.errorId} message={formError} />
        <fieldset disabled={busy} className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              {...getInputProps(fields.firstName, { type: "text" })}
              autoComplete="given-name"
              {...field("firstName")}
            />
            <TextField
              label="Last name"
              {...getInputProps(fields.lastName, { type: "text" })}
              autoComplete="family-name"
              {...field("lastName")}
            />
          </div>
          <TextField
            label="Username"
            {...getInputProps(fields.username, { type: "text" })}
            autoComplete="username"
            {...field("username")}
          />
          <TextField label="Email address" {...getInputProps(fields.email, { type: "email" })} autoComplete="email" {...field("email")} />
          <TextField
            label="School name"
            {...getInputProps(fields.schoolName, { type: "text" })}
            autoComplete="organization"
            {...field("schoolName")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="State"
              placeholder="Select state"
              options={US_STATES.map((s) => ({ value: s, label: s }))}
              {...getSelectProps(fields.state)}
              {...field("state")}
            />
            <SelectField
              label="Grade level"
              placeholder="Select grade level"
              options={GRADE_LEVELS.map((g) => ({ value: g, label: g }))}
              {...getSelectProps(fields.gradeLevel)}
              {...field("gradeLevel")}
            />
          </div>
          <PasswordField
            label="Password"
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="new-password"
            {...field("password")}
          />
          <PasswordField
            label="Confirm password"
            {...getInputProps(fields.confirmPassword, { type: "password" })}
            autoComplete="new-password"
            {...field("confirmPassword")}
          />
          <div>
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input
                {...getInputProps(fields.agreeToTerms, { type: "checkbox" })}
                onChange={(e) => setAgreed(e.currentTarget.checked)}
                className="mt-0.5 h-4 w-4 rounded border-slate-300"
              />
              <span>
                I agree to the{" "}
                <Link to="/terms" className="font-medium text-brand-600 hover:underline">
                  Terms of Service
                </Link>{" "}
                and{" "}
                <Link to="/privacy" className="font-medium text-brand-600 hover:underline">
                  Privacy Policy
                </Link>
              </span>
            </label>
            <FieldError errors={fields.agreeToTerms.errors} />
          </div>
        </fieldset>
        <button
          type="submit"
          disabled={busy || (hydrated && !agreed)}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? <Spinner /> : null}
          {busy ? "Creating account..." : "Create account"}
        </button>
      </Form>
    </AuthLayout>
  );
}
