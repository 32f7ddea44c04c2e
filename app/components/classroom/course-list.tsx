import { Form, Link, useNavigation } from "@remix-run/react";
import { CLASS_GRADE_LEVELS, CLASS_SUBJECTS } from "../../../core/constants";

export type CourseItem = { id: string; name: string; section: string | null; class_id: string | null; class_name: string | null };

const select = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
const primary = "rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60";

/** The teacher's Classroom courses: import one as a new class or link it to a class, or update a linked one's roster. */
export function CourseList({ courses, classes }: { courses: CourseItem[]; classes: { id: string; name: string }[] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("courseId") ?? "") : null;
  if (courses.length === 0) return <p className="text-sm text-slate-600">You teach no active courses in Google Classroom.</p>;
  const linked = new Set(courses.map((c) => c.class_id).filter(Boolean));
  return (
    <ul className="divide-y divide-slate-200">
      {courses.map((course) => {
        const label = course.section ? `${course.name} (${course.section})` : course.name;
        return (
          <li key={course.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="text-sm font-medium text-slate-900">{label}</p>
              <p className="text-sm text-slate-600">
                {course.class_name ? `Linked to your class ${course.class_name}` : "Not imported yet"}
              </p>
            </div>
            <Form method="post" className="flex flex-wrap items-center gap-2">
              <input type="hidden" name="courseId" value={course.id} />
              <input type="hidden" name="intent" value="import-course" />
              {course.class_id ? (
                <>
                  <Link to={`/classroom?course=${encodeURIComponent(course.id)}`} className="text-sm font-medium text-brand-700 underline">
                    Coursework
                  </Link>
                  <button type="submit" className={primary} disabled={busy === course.id}>
                    {busy === course.id ? "Updating..." : "Update roster"}
                  </button>
                </>
              ) : (
                <>
                  <select name="classId" aria-label={`Class for ${label}`} className={select} defaultValue="new">
                    <option value="new">New class</option>
                    {classes
                      .filter((c) => !linked.has(c.id))
                      .map((c) => (
                        <option key={c.id} value={c.id}>{`Link to ${c.name}`}</option>
                      ))}
                  </select>
                  <select name="subject" aria-label={`Subject for ${label}`} className={select} defaultValue="Other">
                    {CLASS_SUBJECTS.map((s) => (
                      <option key={s}>{s}</option>
                    ))}
                  </select>
                  <select name="gradeLevel" aria-label={`Grade for ${label}`} className={select} defaultValue="9">
                    {CLASS_GRADE_LEVELS.map((g) => (
                      <option key={g} value={g}>
                        {g === "K" ? "Kindergarten" : `Grade ${g}`}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className={primary} disabled={busy === course.id}>
                    {busy === course.id ? "Importing..." : `Import ${course.name}`}
                  </button>
                </>
              )}
            </Form>
          </li>
        );
      })}
    </ul>
  );
}
