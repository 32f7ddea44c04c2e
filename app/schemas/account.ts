// Account forms (password reset and change, e-mail change, deletion, retention), shared by browser and server.
// Password rules are the registration's (spec section 5), checked in the spec's order.
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./auth";

export const RESET_LINK_INVALID = "This password reset link is invalid or has expired. Please ask for a new one.";
export const EMAIL_LINK_INVALID = "This confirmation link is invalid or has expired. Please change your e-mail in Settings again.";

const email = (label = "Email") =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(z.email("Please enter a valid email address"))
    .transform((value) => value.toLowerCase());

const newPassword = {
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password must be at most 200 characters"),
  confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
};

function checkNewPassword(data: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (data.password !== data.confirmPassword) ctx.addIssue({ code: "custom", path: [], message: "Passwords do not match" });
  else if (data.password.length < MIN_PASSWORD_LENGTH)
    ctx.addIssue({ code: "custom", path: [], message: "Password must be at least 8 characters long" });
}

export const ForgotPasswordForm = z.object({ email: email() });

export const ResetPasswordForm = z.object(newPassword).superRefine(checkNewPassword);

export const ChangePasswordForm = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
    ...newPassword,
  })
  .superRefine(checkNewPassword);

export const ChangeEmailForm = z.object({
  intent: z.literal("email"),
  newEmail: email("New email"),
  currentPassword: z.string().optional(),
});

export const DeleteAccountForm = z.object({
  intent: z.literal("delete-account"),
  confirmEmail: email("Your email"),
  currentPassword: z.string().optional(),
});

export const RETENTION_CHOICES = [0, 30, 90, 180, 365] as const;

export const RetentionForm = z.object({
  intent: z.literal("retention"),
  retentionDays: z.coerce
    .number({ error: "Choose how long to keep uploaded work" })
    .int()
    .refine((value) => (RETENTION_CHOICES as readonly number[]).includes(value), "Choose how long to keep uploaded work"),
});

/** Deleting a class: whether the students who are in no other class go too. */
export const DeleteClassForm = z.object({ deleteStudents: z.literal("on").optional() });
