// The Settings page's forms, told apart by `intent`: grading defaults, password, e-mail, retention, deletion.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { ChangeEmailForm, ChangePasswordForm, DeleteAccountForm, RetentionForm } from "../schemas/account";
import { SettingsForm } from "../schemas/assignments";
import { getDb } from "../../core/db/client";
import { deleteAccount, verifyDeletionConfirmation } from "./account-deletion.server";
import { requestEmailChange } from "./email-change.server";
import { appOrigin } from "./mail.server";
import { clearSessionCookie, type Auth } from "./session.server";
import { saveRetention, saveSettings } from "./settings.server";
import { changePassword } from "./teachers.server";

export type SettingsIntent = "defaults" | "password" | "email" | "retention" | "delete-account";

function reply(intent: SettingsIntent, submission: { reply: (options?: never) => unknown }, status = 400) {
  return data({ intent, result: submission.reply() as never, message: null as string | null }, { status });
}

export async function handleSettingsAction(request: Request, context: AppLoadContext, auth: Auth) {
  const formData = await request.formData();
  const { env } = context.cloudflare;
  const db = getDb(env.DB);
  const intent = (formData.get("intent") ?? "defaults") as SettingsIntent;

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: ChangePasswordForm });
    if (submission.status !== "success") return reply(intent, submission);
    const changed = await changePassword(db, auth, submission.value.currentPassword, submission.value.password);
    if ("error" in changed) {
      return data(
        {
          intent,
          result: submission.reply({ fieldErrors: { currentPassword: [changed.error] }, hideFields: ["currentPassword"] }),
          message: null,
        },
        { status: 400 },
      );
    }
    return {
      intent,
      result: submission.reply({ resetForm: true }),
      message: "Password changed. Your other sessions have been signed out.",
    };
  }

  if (intent === "email") {
    const submission = parseWithZod(formData, { schema: ChangeEmailForm });
    if (submission.status !== "success") return reply(intent, submission);
    const { newEmail, currentPassword } = submission.value;
    const requested = await requestEmailChange(env, db, auth.teacher, {
      newEmail,
      password: currentPassword,
      origin: appOrigin(env, request),
    });
    if ("error" in requested) {
      const field = requested.field === "password" ? "currentPassword" : "newEmail";
      return data({ intent, result: submission.reply({ fieldErrors: { [field]: [requested.error] } }), message: null }, { status: 400 });
    }
    return {
      intent,
      result: submission.reply({ resetForm: true }),
      message: `We sent a confirmation link to ${newEmail}. Open it within 30 minutes to finish the change.`,
    };
  }

  if (intent === "retention") {
    const submission = parseWithZod(formData, { schema: RetentionForm });
    if (submission.status !== "success") return reply(intent, submission);
    await saveRetention(db, auth.teacher.id, submission.value.retentionDays || null);
    return { intent, result: submission.reply(), message: "Retention saved." };
  }

  if (intent === "delete-account") {
    const submission = parseWithZod(formData, { schema: DeleteAccountForm });
    if (submission.status !== "success") return reply(intent, submission);
    const refused = await verifyDeletionConfirmation(auth.teacher, submission.value.confirmEmail, submission.value.currentPassword);
    if (refused) {
      return data(
        { intent, result: submission.reply({ formErrors: [refused], hideFields: ["currentPassword"] }), message: null },
        { status: 400 },
      );
    }
    await deleteAccount(env, auth.teacher.id);
    throw redirect("/login?deleted=1", { headers: { "Set-Cookie": await clearSessionCookie(request) } });
  }

  const submission = parseWithZod(formData, { schema: SettingsForm, disableAutoCoercion: true });
  if (submission.status !== "success") return reply("defaults", submission);
  await saveSettings(db, auth.teacher.id, submission.value);
  return { intent: "defaults" as SettingsIntent, result: submission.reply(), message: "Settings saved." };
}
