// The words of every mail Gradewell sends about an account, in one place.
import { ACCOUNT_LINK_TTL_LABEL } from "./account-tokens.server";
import type { MailMessage } from "./mail.server";

export function passwordResetMail(input: { to: string; teacherId: string; link: string }): MailMessage {
  return {
    to: input.to,
    teacherId: input.teacherId,
    subject: "Reset your Gradewell password",
    text: [
      "Someone (we hope you) asked to reset the password of your Gradewell account.",
      "",
      `Choose a new password here: ${input.link}`,
      "",
      `The link works once and expires in ${ACCOUNT_LINK_TTL_LABEL}. Resetting your password signs you out everywhere.`,
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

export function emailChangeMail(input: { to: string; teacherId: string; link: string }): MailMessage {
  return {
    to: input.to,
    teacherId: input.teacherId,
    subject: "Confirm your new Gradewell e-mail address",
    text: [
      "You asked to use this address for your Gradewell account.",
      "",
      `Confirm it here: ${input.link}`,
      "",
      `The link works once and expires in ${ACCOUNT_LINK_TTL_LABEL}. Until you confirm, you keep signing in with your current address.`,
    ].join("\n"),
  };
}

export function emailChangeNoticeMail(input: { to: string; teacherId: string; newEmail: string }): MailMessage {
  return {
    to: input.to,
    teacherId: input.teacherId,
    subject: "Your Gradewell e-mail address is being changed",
    text: [
      `Someone signed in to your Gradewell account asked to change its e-mail address to ${input.newEmail}.`,
      "Nothing changes until that address confirms it.",
      "If this was not you, change your password in Settings at once.",
    ].join("\n"),
  };
}

export function registrationAttemptMail(input: { to: string; teacherId: string; origin: string }): MailMessage {
  return {
    to: input.to,
    teacherId: input.teacherId,
    subject: "Someone tried to create a Gradewell account with your address",
    text: [
      "Someone just tried to create a new Gradewell account with this e-mail address, which already has an account.",
      "No new account was created.",
      "",
      `If it was you, sign in instead: ${input.origin}/login (forgot your password? ${input.origin}/forgot-password).`,
      "If it was not you, you need not do anything.",
    ].join("\n"),
  };
}
