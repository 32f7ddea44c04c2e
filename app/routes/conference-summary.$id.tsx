// A one-page summary to print for the parent meeting: figures, subjects, strengths, areas and the folder's items.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { NotFoundBoundary, notFound } from "~/components/classes/not-found";
import { formatDate, primaryButton, secondaryButton } from "~/components/ui/kit";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatFileSize, gradeLabel } from "~/lib/grades";
import { formatPercent } from "~/lib/format";
import { NOT_ENOUGH_GRADED_WORK } from "~/lib/student-insights";
import { CONFERENCE_TYPE_LABELS } from "~/schemas/classes";
import { requireTeacher } from "~/server/auth.server";
import { listConferenceItems, toConferenceJson } from "~/server/conference.server";
import { getDb } from "../../core/db/client";
import { listNotes } from "~/server/notes.server";
import { studentProfile } from "~/server/students.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Conference summary: ${data?.student.name ?? "Student"} | Gradewell` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const profile = await studentProfile(db, teacher.id, params.id!);
  if (!profile) notFound();
  const [items, notes] = await Promise.all([
    listConferenceItems(db, teacher.id, profile.student.id),
    listNotes(db, teacher.id, profile.student.id, 5),
  ]);
  const order = { high: 0, medium: 1, low: 2 } as const;
  return {
    teacherName: teacher.name,
    student: profile.student,
    classes: profile.classes.map((c) => c.name),
    summary: profile.summary,
    subjects: profile.subjects,
    insights: profile.insights,
    items: items.map(toConferenceJson).sort((a, b) => order[a.importance] - order[b.importance]),
    notes,
    printedOn: new Date().toISOString(),
  };
}

export default function ConferenceSummaryPage() {
  const { teacherName, student, classes, summary, subjects, insights, items, notes, printedOn } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <main className="mx-auto max-w-3xl bg-white px-8 py-10 print:max-w-none print:px-0 print:py-0">
      <div className="mb-6 flex justify-between gap-3 print:hidden">
        <Link to={`/elementary-student/${student.id}?tab=conference`} className={secondaryButton}>
          Back to profile
        </Link>
        {hydrated ? (
          <button type="button" className={primaryButton} onClick={() => window.print()}>
            Print
          </button>
        ) : null}
      </div>
      <header className="border-b border-slate-300 pb-4">
        <p className="text-sm font-semibold text-brand-700">Gradewell · Parent conference</p>
        <h1 className="mt-1 text-3xl font-bold">{student.name}</h1>
        <p className="mt-1 text-sm text-slate-700">
          {[
            gradeLabel(student.gradeLevel),
            classes.join(", ") || null,
            `Teacher ${teacherName}`,
            student.parentContact ? `Parent contact ${student.parentContact}` : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        <p className="text-xs text-slate-500">{`Prepared ${formatDate(printedOn)}`}</p>
      </header>

      <section className="mt-6 grid grid-cols-4 gap-3 text-center" aria-label="Figures">
        {[
          ["Overall grade", formatPercent(summary.overallGrade)],
          ["Letter grade", summary.letterGrade ?? "N/A"],
          ["Assignments", `${summary.assignmentsCompleted}/${summary.assignmentsTotal}`],
          ["Attendance", formatPercent(summary.attendanceRate)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <p className="text-xs uppercase tracking-wide text-slate-500">{label}</p>
            <p className="mt-1 text-xl font-semibold">{value}</p>
          </div>
        ))}
      </section>

      <section className="mt-6" aria-labelledby="subjects-heading">
        <h2 id="subjects-heading" className="text-lg font-semibold">
          Subjects
        </h2>
        <table className="mt-2 w-full text-left text-sm">
          <thead className="border-b border-slate-300 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="py-1">
                Subject
              </th>
              <th scope="col" className="py-1">
                Current grade
              </th>
              <th scope="col" className="py-1">
                Trend
              </th>
              <th scope="col" className="py-1">
                Graded
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {subjects.map((s) => (
              <tr key={s.subject}>
                <td className="py-1">{s.subject}</td>
                <td className="py-1">{formatPercent(s.currentGrade)}</td>
                <td className="py-1">{s.trend ? `${s.trend} points` : "—"}</td>
                <td className="py-1">{s.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="mt-6 grid grid-cols-2 gap-6">
        {[
          ["Strengths", insights.strengths],
          ["Areas for improvement", insights.areas],
        ].map(([title, list]) => (
          <section key={title as string} aria-label={title as string}>
            <h2 className="text-lg font-semibold">{title as string}</h2>
            {(list as string[]).length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{NOT_ENOUGH_GRADED_WORK}</p>
            ) : (
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {(list as string[]).map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>

      <section className="mt-6" aria-labelledby="items-heading">
        <h2 id="items-heading" className="text-lg font-semibold">{`Conference folder (${items.length})`}</h2>
        {items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No items in the folder yet.</p>
        ) : (
          <ol className="mt-2 space-y-3">
            {items.map((item) => (
              <li key={item.id} className="break-inside-avoid rounded-lg border border-slate-200 p-3">
                <p className="text-xs uppercase tracking-wide text-slate-500">{`${CONFERENCE_TYPE_LABELS[item.type]} · ${item.subject} · ${item.importance} importance · ${formatDate(item.date)}`}</p>
                <p className="font-semibold">{item.title}</p>
                <p className="text-sm text-slate-700">{item.description}</p>
                {item.notes ? <p className="mt-1 text-sm text-slate-600">{`Notes: ${item.notes}`}</p> : null}
                {item.fileName ? (
                  <p className="mt-1 text-xs text-slate-500">{`File: ${item.fileName} (${formatFileSize(item.fileSize)})`}</p>
                ) : null}
                {item.hasFile && item.fileType?.startsWith("image/") ? (
                  <img src={`/api/conference-items/${item.id}/file`} alt={item.title} className="mt-2 max-h-64 rounded" />
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      {notes.length > 0 ? (
        <section className="mt-6" aria-labelledby="notes-heading">
          <h2 id="notes-heading" className="text-lg font-semibold">
            Teacher notes
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {notes.map((n) => (
              <li key={n.id}>
                <span className="text-slate-500">{formatDate(n.createdAt)}:</span> {n.body}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary title="Student Not Found" back={{ to: "/students", label: "Back to Students" }} />;
}
