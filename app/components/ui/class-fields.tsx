// A class's fields, drawn the same way when a class is created and when its details are edited
// (docs/decisions/0050): name, subject and grade level side by side, description.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { CLASS_GRADE_LEVELS, CLASS_SUBJECTS } from "../../../core/constants";
import { FieldError, SelectField, TextField } from "./field";
import { textareaClass } from "./kit";

type Field = FieldMetadata<unknown>;

export const gradeLevelLabel = (g: string) => (g === "K" ? "Kindergarten (K)" : `Grade ${g}`);

export function ClassFields({
  fields,
  namePlaceholder,
  descriptionOptional = false,
}: {
  fields: { name: Field; subject: Field; gradeLevel: Field; description: Field };
  namePlaceholder?: string;
  /** Creating a class marks the description "(optional)". */
  descriptionOptional?: boolean;
}) {
  const errorsOf = (field: Field) => ({ errors: field.errors, errorId: field.errorId });
  return (
    <>
      <TextField
        label="Class name"
        placeholder={namePlaceholder}
        {...getInputProps(fields.name, { type: "text" })}
        {...errorsOf(fields.name)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Subject"
          placeholder="Select subject"
          options={CLASS_SUBJECTS.map((s) => ({ value: s, label: s }))}
          {...getSelectProps(fields.subject)}
          {...errorsOf(fields.subject)}
        />
        <SelectField
          label="Grade level"
          placeholder="Select grade level"
          options={CLASS_GRADE_LEVELS.map((g) => ({ value: g, label: gradeLevelLabel(g) }))}
          {...getSelectProps(fields.gradeLevel)}
          {...errorsOf(fields.gradeLevel)}
        />
      </div>
      <div>
        <label htmlFor={fields.description.id} className="mb-1 block text-sm font-medium text-slate-700">
          Description
          {descriptionOptional ? (
            <>
              {" "}
              <span className="font-normal text-slate-500">(optional)</span>
            </>
          ) : null}
        </label>
        <textarea rows={3} className={textareaClass} {...getTextareaProps(fields.description)} />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>
    </>
  );
}
