import { Form, Link, useNavigation } from "@remix-run/react";

export type CourseWorkItem = {
  id: string;
  title: string;
  max_points: number | null;
  created_by_gradewell: boolean;
  assignment_id: string | null;
};

const primary = "rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60";

/** A linked course's coursework: import one (its turned-in work becomes submissions), or bring in work turned in since. */
export function CourseWorkList({
  courseId,
  courseName,
  coursework,
}: {
  courseId: string;
  courseName: string;
  coursework: CourseWorkItem[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("courseWorkId") ?? "") : null;
  return (
    <section aria-labelledby="coursework-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="coursework-heading" className="text-lg font-semibold text-slate-900">{`Coursework in ${courseName}`}</h2>
      {coursework.length === 0 ? <p className="mt-2 text-sm text-slate-600">This course has no published coursework.</p> : null}
      <ul className="mt-3 divide-y divide-slate-200">
        {coursework.map((work) => (
          <li key={work.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="text-sm font-medium text-slate-900">{work.title}</p>
              <p className="text-sm text-slate-600">
                {work.max_points ? `${work.max_points} points` : "Ungraded"}
                {work.created_by_gradewell
                  ? " · Posted by Gradewell: grades can be sent back"
                  : " · Made in Classroom: Gradewell can import it, but Classroom will not take its grades from Gradewell"}
              </p>
            </div>
            <div className="flex items-center gap-3">
              {work.assignment_id ? (
                <Link to={`/assignment/${work.assignment_id}`} className="text-sm font-medium text-brand-700 underline">
                  Open assignment
                </Link>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="import-coursework" />
                <input type="hidden" name="courseId" value={courseId} />
                <input type="hidden" name="courseWorkId" value={work.id} />
                <button type="submit" className={primary} disabled={busy === work.id}>
                  {busy === work.id ? "Importing..." : work.assignment_id ? "Import new work" : `Import ${work.title}`}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
