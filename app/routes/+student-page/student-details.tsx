// The student page's details form: name, email, gradebook ids, grade level and parent contact.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { card, primaryButton } from "~/components/ui/kit";
import { FormAlert } from "~/components/ui/field";
import { StudentFields } from "~/components/ui/student-fields";
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
        <StudentFields fields={fields} gradeLevels={gradeOptions} grid />
        <div className="sm:col-span-2 flex justify-end">
          <button type="submit" name="intent" value="update-details" className={primaryButton}>
            Save details
          </button>
        </div>
      </Form>
    </details>
  );
}
