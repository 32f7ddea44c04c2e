// The contact form (spec sections 3 and 5): name, e-mail, subject and message are required; type defaults to general.
import { z } from "zod";
import { CONTACT_TYPES } from "../../core/constants";

/** A field people never see; bots that fill every input fill it too. */
export const HONEYPOT_FIELD = "website";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const ContactForm = z.object({
  name: required("Name", 120),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  type: z.enum(CONTACT_TYPES, { error: "Please choose a type of inquiry" }).default("general"),
  subject: required("Subject", 200),
  message: required("Message", 5000),
  [HONEYPOT_FIELD]: z.string().optional(),
});
export type ContactInput = z.infer<typeof ContactForm>;

export const CONTACT_SUCCESS_MESSAGE = "Thank you for your message! We'll get back to you soon.";
