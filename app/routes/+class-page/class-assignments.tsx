// The class page's assignment list: each assignment with its status, due date, progress and average.
import { Link } from "@remix-run/react";
import { Badge, card, EmptyState, formatDate, primaryButton, scoreTone } from "~/components/ui/kit";
import { DataTable } from "~/components/ui/data-table";
import { formatPercent } from "~/lib/format";

export type ClassAssignmentRow = {
  id: string;
  title: string;
  status: string;
  dueDate: string | null;
  graded: number;
  submissions: number;
  averageScore: number | null;
};

export function ClassAssignments({ assignments }: { assignments: ClassAssignmentRow[] }) {
  return (
    <section aria-labelledby="assignments-heading" className={`${card} mt-8 p-6`}>
      <h2 id="assignments-heading" className="text-lg font-semibold">
        Assignments
      </h2>
      {assignments.length === 0 ? (
        <div className="mt-4">
          <EmptyState
            title="No assignments for this class yet"
            action={
              <Link to="/add-assignment" className={primaryButton}>
                Create Assignment
              </Link>
            }
          >
            Assignments you create for this class appear here with their status and average.
          </EmptyState>
        </div>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <DataTable variant="plain" columns={["Assignment", "Status", "Due", "Graded", "Average"]}>
            {assignments.map((a) => (
              <tr key={a.id}>
                <td className="py-2 pr-3">
                  <Link to={`/assignment/${a.id}`} className="font-medium text-brand-700 hover:underline">
                    {a.title}
                  </Link>
                </td>
                <td className="py-2 pr-3">
                  <Badge tone={a.status === "Active" ? "green" : a.status === "Completed" ? "brand" : "slate"}>{a.status}</Badge>
                </td>
                <td className="py-2 pr-3">{formatDate(a.dueDate)}</td>
                <td className="py-2 pr-3">{`${a.graded}/${a.submissions}`}</td>
                <td className="py-2">
                  <Badge tone={scoreTone(a.averageScore)}>{formatPercent(a.averageScore)}</Badge>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}
