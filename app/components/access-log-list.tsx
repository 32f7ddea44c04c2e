import type { AccessLogRow } from "~/server/access-log.server";

const VERB: Record<AccessLogRow["action"], string> = {
  viewed: "viewed",
  exported: "exported",
  regraded: "regraded",
  overrode: "changed the grade of",
  deleted: "deleted",
};

/** Who viewed, exported, regraded, overrode or deleted which student's work, newest first. */
export function AccessLogList({ entries, showStudent = true }: { entries: readonly AccessLogRow[]; showStudent?: boolean }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nothing recorded yet.</p>;
  return (
    <ol className="divide-y divide-slate-100 text-sm" data-testid="access-log">
      {entries.map((e) => (
        <li key={e.id} className="py-2">
          <time dateTime={e.at} className="text-slate-500">
            {new Date(e.at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC
          </time>
          <span className="ml-2 text-slate-800">
            {`${e.actor} ${VERB[e.action]} ${showStudent ? `${e.studentName}'s ` : ""}${e.target.charAt(0).toLowerCase()}${e.target.slice(1)}`}
          </span>
        </li>
      ))}
    </ol>
  );
}
