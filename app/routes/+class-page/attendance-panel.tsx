// The class page's attendance panel: one day's register (present, absent, late per student) and the recent days.
import { Form, Link } from "@remix-run/react";
import { card, formatDate, primaryButton, secondaryButton } from "~/components/ui/kit";
import { ATTENDANCE_STATUSES } from "../../../core/constants";

const STATUS_LABELS = { present: "Present", absent: "Absent", late: "Late" } as const;

export type AttendanceView = {
  date: string;
  register: Record<string, string>;
  days: { date: string; present: number; late: number; absent: number }[];
  taken: boolean;
};

export function AttendancePanel({
  attendance,
  roster,
  pendingIntent,
}: {
  attendance: AttendanceView;
  roster: { id: string; name: string }[];
  pendingIntent: string | null;
}) {
  return (
    <section aria-labelledby="attendance-heading" className={`${card} p-6`}>
      <h2 id="attendance-heading" className="text-lg font-semibold">
        Attendance
      </h2>
      <Form method="get" className="mt-3 flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor="attendance-date" className="mb-1 block text-sm font-medium text-slate-700">
            Date
          </label>
          <input
            id="attendance-date"
            type="date"
            name="date"
            defaultValue={attendance.date}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        <button type="submit" className={secondaryButton}>
          Open
        </button>
      </Form>
      {roster.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Add students to take attendance.</p>
      ) : (
        <Form method="post" className="mt-4" key={attendance.date}>
          <input type="hidden" name="date" value={attendance.date} />
          <p className="mb-2 text-xs text-slate-500">
            {attendance.taken
              ? `Taken for ${formatDate(attendance.date)}; saving updates it.`
              : `Not taken yet for ${formatDate(attendance.date)}.`}
          </p>
          <ul className="divide-y divide-slate-100">
            {roster.map((s) => (
              <li key={s.id} className="py-2">
                <fieldset>
                  <legend className="text-sm font-medium text-slate-900">{s.name}</legend>
                  <div className="mt-1 flex gap-3">
                    {ATTENDANCE_STATUSES.map((status) => (
                      <label key={status} className="flex items-center gap-1 text-sm text-slate-700">
                        <input
                          type="radio"
                          name={`status:${s.id}`}
                          value={status}
                          defaultChecked={(attendance.register[s.id] ?? "present") === status}
                        />
                        {STATUS_LABELS[status]}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
          <button
            type="submit"
            name="intent"
            value="attendance"
            className={`${primaryButton} mt-4 w-full`}
            disabled={pendingIntent === "attendance"}
          >
            {pendingIntent === "attendance" ? "Saving..." : "Save attendance"}
          </button>
        </Form>
      )}
      {attendance.days.length > 0 ? (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold">Recent days</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {attendance.days.map((d) => (
              <li key={d.date} className="flex justify-between">
                <Link to={`?date=${d.date}`} className="text-brand-700 hover:underline">
                  {formatDate(d.date)}
                </Link>
                <span className="text-slate-600">{`${d.present} present · ${d.late} late · ${d.absent} absent`}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
