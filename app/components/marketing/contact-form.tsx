// The contact form: posts and validates without JavaScript (conform + the shared zod schema), enhanced with it.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { FieldError, FormAlert, SelectField, Spinner, TextField } from "~/components/ui/field";
import { CONTACT_TYPE_LABELS, type ContactType } from "~/lib/contact-info";
import { CONTACT_TYPES } from "../../../core/constants";
import { ContactForm as ContactSchema, HONEYPOT_FIELD } from "~/schemas/contact";

const TYPE_OPTIONS = CONTACT_TYPES.map((value) => ({ value, label: CONTACT_TYPE_LABELS[value] }));

export function ContactForm({
  lastResult,
  defaultType,
  defaultSubject,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultType: ContactType;
  defaultSubject: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "contact",
    lastResult: busy ? undefined : lastResult,
    defaultValue: { type: defaultType, subject: defaultSubject },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const field = (name: "name" | "email" | "type" | "subject") => ({ errors: fields[name].errors, errorId: fields[name].errorId });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <FormAlert id={form.errorId} message={busy ? null : form.errors?.[0]} />
      <fieldset disabled={busy} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Name" {...getInputProps(fields.name, { type: "text" })} autoComplete="name" {...field("name")} />
          <TextField label="Email" {...getInputProps(fields.email, { type: "email" })} autoComplete="email" {...field("email")} />
        </div>
        {/* Conform marks the select required from the schema's default; a type is always chosen, so that is right. */}
        <SelectField
          label="Type of inquiry"
          placeholder="Choose a type"
          options={TYPE_OPTIONS}
          {...getSelectProps(fields.type)}
          {...field("type")}
        />
        <TextField label="Subject" {...getInputProps(fields.subject, { type: "text" })} {...field("subject")} />
        <div>
          <label htmlFor={fields.message.id} className="mb-1 block text-sm font-medium text-slate-700">
            Message
          </label>
          <textarea
            {...getTextareaProps(fields.message)}
            rows={6}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100 aria-[invalid=true]:border-red-500"
          />
          <FieldError id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        {/* Honeypot: off-screen and skipped by keyboard and screen readers; only bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={busy}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-70 sm:w-auto sm:px-8"
      >
        {busy ? <Spinner /> : null}
        {busy ? "Sending..." : "Send Message"}
      </button>
    </Form>
  );
}
