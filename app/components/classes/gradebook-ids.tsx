// Which students a gradebook cannot match by id: without an SIS ID or a login, Canvas falls back to the exact
// name, and a OneRoster export has nothing to key the student's results by.
import { Link } from "@remix-run/react";

type RosterStudent = { id: string; name: string; studentNumber: string | null; loginId: string | null };

export function missingGradebookIds(student: Pick<RosterStudent, "studentNumber" | "loginId">): string[] {
  const missing: string[] = [];
  if (!student.studentNumber) missing.push("SIS ID");
  if (!student.loginId) missing.push("login");
  return missing;
}

export function GradebookIdsNotice({ roster }: { roster: readonly RosterStudent[] }) {
  const lacking = roster.map((s) => ({ ...s, missing: missingGradebookIds(s) })).filter((s) => s.missing.length > 0);
  if (roster.length === 0) return null;
  return (
    <section aria-labelledby="gradebook-ids-heading" className="mt-6 rounded-lg border border-slate-200 p-4" data-testid="gradebook-ids">
      <h3 id="gradebook-ids-heading" className="text-sm font-semibold">
        Gradebook ids
      </h3>
      {lacking.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Every student has an SIS ID and a login, so gradebook exports match by id.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {`${lacking.length} of ${roster.length} students lack an SIS ID or login. Canvas then matches them by exact name only, and OneRoster exports leave out students without an SIS ID. Add them on the student's page or import a roster CSV with SIS User ID and SIS Login ID columns.`}
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {lacking.map((s) => (
              <li key={s.id} className="flex flex-wrap justify-between gap-2">
                <span className="text-slate-900">{s.name}</span>
                <span className="text-slate-600">
                  {`No ${s.missing.join(" or ")} · `}
                  {/* The name is outside the link so the roster's own student link stays the only one with that name. */}
                  <Link to={`/student/${s.id}`} className="font-medium text-brand-700 underline">
                    Add ids
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
