// The student page's details form: name, email, gradebook ids, grade level and parent contact.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { card, primaryButton } from "~/components/ui/kit";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import { GRADE_LEVELS } from "../../../core/constants";
import { StudentDetailsForm } from "~/schemas/classes";
import { type StudentPageResult as Result } from "./result";

type StudentDetailsValues = {
  name: string;
  email: string | null;
  studentNumber: string | null;
  loginId: string | null;
  gradeLevel: string | null;
  parentContact: string | null;
};

export function StudentDetails({ student, result }: { student: StudentDetailsValues; result?: Result }) {
  const [form, fields] = useForm({
    id: "student-details",
    lastResult: result?.intent === "update-details" ? result.details : undefined,
    defaultValue: {
      name: student.name,
      email: student.email ?? "",
      studentNumber: student.studentNumber ?? "",
      loginId: student.loginId ?? "",
      gradeLevel: student.gradeLevel ?? "",
      parentContact: student.parentContact ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StudentDetailsForm }),
    shouldValidate: "onBlur",
  });
  const gradeOptions = [...new Set([...GRADE_LEVELS, ...(student.gradeLevel ? [student.gradeLevel] : [])])];
  return (
    <details className={`${card} mt-8 p-6`} open={result?.intent === "update-details" && result.details?.status === "error"}>
      <summary className="cursor-pointer text-lg font-semibold">Student details</summary>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormAlert id={form.errorId} message={form.errors?.[0]} />
        </div>
        <TextField
          label="Full name"
          {...getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
        />
        <TextField
          label="Email"
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <TextField
          label="SIS ID (student number)"
          {...getInputProps(fields.studentNumber, { type: "text" })}
          errors={fields.studentNumber.errors}
          errorId={fields.studentNumber.errorId}
        />
        <TextField
          label="Gradebook login (SIS Login ID)"
          placeholder="Usually the school email"
          {...getInputProps(fields.loginId, { type: "text" })}
          errors={fields.loginId.errors}
          errorId={fields.loginId.errorId}
        />
        <SelectField
          label="Grade level"
          placeholder="Not set"
          options={gradeOptions.map((g) => ({ value: g, label: g }))}
          {...getSelectProps(fields.gradeLevel)}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Parent contact"
            placeholder="Name, phone or email"
            {...getInputProps(fields.parentContact, { type: "text" })}
            errors={fields.parentContact.errors}
          />
        </div>
        <div className="sm:col-span-2 flex justify-end">
          <button type="submit" name="intent" value="update-details" className={primaryButton}>
            Save details
          </button>
        </div>
      </Form>
    </details>
  );
}
