// The create form's details: title (with a generated suggestion), type, subject, grade, class, time, due date,
// points and texts. Hidden, not removed, when the teacher skips details, so the defaults still post.
import { useState } from "react";
import { FieldError } from "~/components/ui/field";
import { autoTitleWhenFiles, capitalize } from "~/lib/format";
import { DEFAULT_ESTIMATED_TIME, MAX_ESTIMATED_TIME, MIN_ESTIMATED_TIME } from "~/schemas/assignments";
import { ASSIGNMENT_TYPES, GRADE_LEVELS } from "../../../core/constants";

const SUBJECTS = [
  "Mathematics",
  "English",
  "Reading",
  "Writing",
  "Science",
  "History",
  "Social Studies",
  "Art",
  "Music",
  "Physical Education",
];

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100 aria-[invalid=true]:border-red-500";

/** What the details need of a conform field. */
type Field = { id: string; name: string; errorId: string; errors?: string[] };

export function AssignmentDetailsFields({
  fields,
  serverFieldError,
  hidden,
  advanced,
  fileCount,
  classes,
  defaultPoints,
}: {
  fields: { title: Field; estimatedTime: Field; dueDate: Field; points: Field };
  serverFieldError: (field: string) => string[];
  hidden: boolean;
  advanced: boolean;
  fileCount: number;
  classes: { id: string; name: string }[];
  defaultPoints: number;
}) {
  const [title, setTitle] = useState("");
  const [subject, setSubject] = useState("");
  const [assignmentType, setAssignmentType] = useState<string>("homework");
  const generatedTitle = autoTitleWhenFiles({ subject, assignmentType, fileCount });
  const titleErrors = fields.title.errors ?? serverFieldError("title");
  return (
    <section hidden={hidden} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-labelledby="details-title">
      <h2 id="details-title" className="text-base font-semibold text-slate-900">
        Assignment details
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={fields.title.id} className="mb-1 block text-sm font-medium text-slate-700">
            Title <span className="text-red-600">*</span>
          </label>
          <div className="flex gap-2">
            <input
              id={fields.title.id}
              name={fields.title.name}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              className={inputClass}
              aria-invalid={titleErrors?.length ? true : undefined}
              aria-describedby={titleErrors?.length ? fields.title.errorId : undefined}
              maxLength={200}
            />
            <button
              type="button"
              disabled={!generatedTitle}
              onClick={() => generatedTitle && setTitle(generatedTitle)}
              title={generatedTitle ? `Use "${generatedTitle}"` : "Add assignment files first"}
              className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
            >
              Generate title
            </button>
          </div>
          <FieldError id={fields.title.errorId} errors={titleErrors} />
        </div>
        <div hidden={!advanced}>
          <label htmlFor="assignmentType" className="mb-1 block text-sm font-medium text-slate-700">
            Assignment type
          </label>
          <select
            id="assignmentType"
            name="assignmentType"
            value={assignmentType}
            onChange={(e) => setAssignmentType(e.currentTarget.value)}
            className={inputClass}
          >
            {ASSIGNMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {capitalize(t)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="subject" className="mb-1 block text-sm font-medium text-slate-700">
            Subject
          </label>
          <input
            id="subject"
            name="subject"
            list="subjects"
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            className={inputClass}
            maxLength={100}
          />
          <datalist id="subjects">
            {SUBJECTS.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </div>
        <div>
          <label htmlFor="gradeLevel" className="mb-1 block text-sm font-medium text-slate-700">
            Grade level
          </label>
          <select id="gradeLevel" name="gradeLevel" defaultValue="" className={inputClass}>
            <option value="">Any grade</option>
            {GRADE_LEVELS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </div>
        {classes.length ? (
          <div>
            <label htmlFor="classId" className="mb-1 block text-sm font-medium text-slate-700">
              Class
            </label>
            <select id="classId" name="classId" defaultValue="" className={inputClass}>
              <option value="">No class</option>
              {classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor={fields.estimatedTime.id} className="mb-1 block text-sm font-medium text-slate-700">
            Estimated time (minutes)
          </label>
          <input
            id={fields.estimatedTime.id}
            name={fields.estimatedTime.name}
            type="number"
            min={MIN_ESTIMATED_TIME}
            max={MAX_ESTIMATED_TIME}
            defaultValue={DEFAULT_ESTIMATED_TIME}
            className={inputClass}
            aria-invalid={fields.estimatedTime.errors?.length ? true : undefined}
          />
          <FieldError id={fields.estimatedTime.errorId} errors={fields.estimatedTime.errors ?? serverFieldError("estimatedTime")} />
        </div>
        <div>
          <label htmlFor={fields.dueDate.id} className="mb-1 block text-sm font-medium text-slate-700">
            Due date
          </label>
          <input id={fields.dueDate.id} name={fields.dueDate.name} type="datetime-local" className={inputClass} />
          <FieldError id={fields.dueDate.errorId} errors={fields.dueDate.errors ?? serverFieldError("dueDate")} />
        </div>
        <div>
          <label htmlFor={fields.points.id} className="mb-1 block text-sm font-medium text-slate-700">
            Points
          </label>
          <input
            id={fields.points.id}
            name={fields.points.name}
            type="number"
            min={1}
            defaultValue={defaultPoints}
            className={inputClass}
            aria-invalid={fields.points.errors?.length ? true : undefined}
          />
          <FieldError id={fields.points.errorId} errors={fields.points.errors ?? serverFieldError("points")} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="description" className="mb-1 block text-sm font-medium text-slate-700">
            Description
          </label>
          <textarea id="description" name="description" rows={2} className={inputClass} maxLength={5000} />
        </div>
        <div className="sm:col-span-2" hidden={!advanced}>
          <label htmlFor="instructions" className="mb-1 block text-sm font-medium text-slate-700">
            Instructions for students
          </label>
          <textarea id="instructions" name="instructions" rows={3} className={inputClass} maxLength={5000} />
        </div>
      </div>
    </section>
  );
}
