// Settings → Account: password change, e-mail change (confirmed by mail) and account deletion.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { NewPasswordFields, PasswordField } from "~/components/password-field";
import { FormAlert, TextField } from "~/components/ui/field";
import { ChangeEmailForm, ChangePasswordForm, DeleteAccountForm } from "~/schemas/account";
import { Saved, SubmitButton } from "./section";

type Props = { lastResult?: SubmissionResult<string[]>; message?: string | null; busy: boolean };

export function PasswordChange({ lastResult, message, busy, hasPassword }: Props & { hasPassword: boolean }) {
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordForm }),
    shouldValidate: "onSubmit",
  });
  if (!hasPassword) {
    return (
      <p className="text-sm text-slate-600">
        Your account signs in with Google and has no password. To add one,{" "}
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          ask for a password link
        </Link>{" "}
        sent to your e-mail.
      </p>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="password" />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <PasswordField
        label="Current password"
        {...getInputProps(fields.currentPassword, { type: "password" })}
        autoComplete="current-password"
        errors={fields.currentPassword.errors}
        errorId={fields.currentPassword.errorId}
      />
      <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
      <div className="flex items-center justify-end gap-3">
        <Saved message={message} />
        <SubmitButton busy={busy}>Change password</SubmitButton>
      </div>
    </Form>
  );
}

export function EmailChange({ lastResult, message, busy, hasPassword, email }: Props & { hasPassword: boolean; email: string }) {
  const [form, fields] = useForm({
    id: "change-email",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangeEmailForm }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="email" />
      <p className="text-sm text-slate-600">
        You sign in with <strong>{email}</strong>. We send a confirmation link to the new address; nothing changes until you open it.
      </p>
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <TextField
        label="New email address"
        {...getInputProps(fields.newEmail, { type: "email" })}
        autoComplete="email"
        errors={fields.newEmail.errors}
        errorId={fields.newEmail.errorId}
      />
      {hasPassword ? (
        <PasswordField
          label="Current password"
          id="change-email-password"
          name={fields.currentPassword.name}
          autoComplete="current-password"
          errors={fields.currentPassword.errors}
          errorId={fields.currentPassword.errorId}
        />
      ) : null}
      <div className="flex items-center justify-end gap-3">
        <Saved message={message} />
        <SubmitButton busy={busy}>Change e-mail</SubmitButton>
      </div>
    </Form>
  );
}

export function DeleteAccount({ lastResult, busy, hasPassword }: Props & { hasPassword: boolean }) {
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountForm }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="delete-account" />
      <p className="text-sm text-slate-700">
        This deletes your account and everything in it, at once and for good: classes, students, attendance, assignments, uploaded files and
        photos, grades, feedback, notes, conference folders, settings and the access log. Export your data first if you want to keep a copy.
      </p>
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <TextField
        label="Type your e-mail address to confirm"
        {...getInputProps(fields.confirmEmail, { type: "email" })}
        autoComplete="off"
        errors={fields.confirmEmail.errors}
        errorId={fields.confirmEmail.errorId}
      />
      {hasPassword ? (
        <PasswordField
          label="Your password"
          id="delete-account-password"
          name={fields.currentPassword.name}
          autoComplete="current-password"
          errors={fields.currentPassword.errors}
          errorId={fields.currentPassword.errorId}
        />
      ) : null}
      <div className="flex justify-end">
        <SubmitButton busy={busy} danger>
          Delete my account
        </SubmitButton>
      </div>
    </Form>
  );
}
