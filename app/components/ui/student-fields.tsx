// The student's fields, drawn the same way wherever a student is added or edited: the class page's "Add a student",
// the students page's "Add Student" and the student page's "Student details" (docs/decisions/0050). Each place
// passes the conform fields it has and, where its wording differs, its own labels.
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { GRADE_LEVELS } from "../../../core/constants";
import { SelectField, TextField } from "./field";

type Field = FieldMetadata<unknown>;
export type StudentFieldName = "name" | "email" | "studentNumber" | "loginId" | "gradeLevel" | "parentContact";

const LABELS: Record<StudentFieldName, string> = {
  name: "Full name",
  email: "Email",
  studentNumber: "SIS ID (student number)",
  loginId: "Gradebook login (SIS Login ID)",
  gradeLevel: "Grade level",
  parentContact: "Parent contact",
};

/** Draws, in this order, the fields it is given: name, email, SIS ID, gradebook login, grade level, parent contact. */
export function StudentFields({
  fields,
  labels = {},
  gradeLevels = GRADE_LEVELS,
  grid = false,
}: {
  fields: Partial<Record<StudentFieldName, Field>>;
  labels?: Partial<Record<StudentFieldName, string>>;
  /** The grade levels offered (a student's own level is kept even when it is not one of the usual ones). */
  gradeLevels?: readonly string[];
  /** In a two-column grid the parent contact spans both columns. */
  grid?: boolean;
}) {
  const label = (name: StudentFieldName) => labels[name] ?? LABELS[name];
  const text = (name: StudentFieldName, type: "text" | "email", placeholder?: string) => {
    const field = fields[name];
    if (!field) return null;
    return (
      <TextField
        label={label(name)}
        placeholder={placeholder}
        {...getInputProps(field, { type })}
        errors={field.errors}
        errorId={field.errorId}
      />
    );
  };
  const parentContact = text("parentContact", "text", "Name, phone or email");
  return (
    <>
      {text("name", "text")}
      {text("email", "email")}
      {text("studentNumber", "text")}
      {text("loginId", "text", "Usually the school email")}
      {fields.gradeLevel ? (
        <SelectField
          label={label("gradeLevel")}
          placeholder="Not set"
          options={gradeLevels.map((g) => ({ value: g, label: g }))}
          {...getSelectProps(fields.gradeLevel)}
          errors={fields.gradeLevel.errors}
          errorId={fields.gradeLevel.errorId}
        />
      ) : null}
      {parentContact && grid ? <div className="sm:col-span-2">{parentContact}</div> : parentContact}
    </>
  );
}
