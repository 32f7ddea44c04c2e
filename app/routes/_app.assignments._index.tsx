import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { StatusBadge } from "~/components/ui/toggle";
import { ASSIGNMENT_STATUSES, ASSIGNMENT_TYPES } from "../../core/constants";
import { capitalize, formatDueDate, formatPercent } from "~/lib/format";
import { findAssignment, listAssignments, teacherClasses } from "~/server/assignments.server";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { DataTable } from "~/components/ui/data-table";

export const meta: MetaFunction = () => [{ title: "Assignments | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const params = new URL(request.url).searchParams;
  const filters = {
    q: params.get("q") ?? "",
    status: params.get("status") ?? "",
    classId: params.get("class") ?? "",
    type: params.get("type") ?? "",
  };
  const createdId = params.get("created");
  const [{ assignments, summary }, classes, created] = await Promise.all([
    listAssignments(db, teacher.id, filters),
    teacherClasses(db, teacher.id),
    createdId ? findAssignment(db, teacher.id, createdId) : Promise.resolve(undefined),
  ]);
  return {
    assignments,
    summary,
    classes,
    filters,
    created: created ? { id: created.id, title: created.title, jobId: params.get("job") } : null,
  };
}

export default function AssignmentsPage() {
  const { assignments, summary, classes, filters, created } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const exportParams = new URLSearchParams(searchParams);
  exportParams.delete("created");
  exportParams.delete("job");
  const filtering = Boolean(filters.status || filters.classId || filters.type);
  const cards = [
    { label: "Total", value: summary.total },
    { label: "Active", value: summary.active },
    { label: "Draft", value: summary.draft },
    { label: "Completed", value: summary.completed },
    { label: "Needs review", value: summary.needsReview },
  ];

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Assignments</h1>
          <p className="mt-1 text-slate-600">Everything you have handed out, graded or still waiting on.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/api/exports/assignments?${exportParams}`}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
            download
          >
            Export
          </a>
          <Link
            to="/add-assignment"
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            New Assignment
          </Link>
        </div>
      </div>

      {created ? (
        <div
          role="status"
          className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-green-200 bg-green-50 px-5 py-4 text-sm text-green-900"
        >
          <span>
            <strong className="font-semibold">{created.title}</strong> was created.
            {created.jobId ? " Grading has started." : ""}
          </span>
          <span className="flex gap-3">
            {created.jobId ? (
              <Link to={`/jobs/${created.jobId}`} className="font-semibold text-green-800 underline hover:no-underline">
                Watch grading live
              </Link>
            ) : null}
            <Link to={`/assignment/${created.id}`} className="font-semibold text-green-800 underline hover:no-underline">
              Open assignment
            </Link>
          </span>
        </div>
      ) : null}

      <section aria-label="Summary" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {cards.map((c) => (
          <div key={c.label} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{c.label}</p>
            <p className="mt-1 text-2xl font-semibold" data-testid={`summary-${c.label}`}>
              {c.value}
            </p>
          </div>
        ))}
      </section>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-56 flex-1">
          <label htmlFor="q" className="mb-1 block text-sm font-medium text-slate-700">
            Search
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Search by title, class or subject"
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          />
        </div>
        <details className="group relative" open={filtering}>
          <summary className="cursor-pointer list-none rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50">
            Filter{filtering ? " (on)" : ""}
          </summary>
          <div className="absolute right-0 z-10 mt-2 w-72 space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-lg">
            <FilterSelect
              label="Status"
              name="status"
              value={filters.status}
              options={ASSIGNMENT_STATUSES.map((s) => ({ value: s, label: s }))}
            />
            <FilterSelect
              label="Class"
              name="class"
              value={filters.classId}
              options={classes.map((c) => ({ value: c.id, label: c.name }))}
            />
            <FilterSelect
              label="Type"
              name="type"
              value={filters.type}
              options={ASSIGNMENT_TYPES.map((t) => ({ value: t, label: capitalize(t) }))}
            />
            <div className="flex justify-between">
              <Link to="/assignments" className="text-sm font-medium text-slate-600 hover:underline">
                Clear
              </Link>
              <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
                Apply
              </button>
            </div>
          </div>
        </details>
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
        >
          Search
        </button>
      </Form>

      {assignments.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <h2 className="text-lg font-semibold">{summary.total === 0 ? "No assignments yet" : "No assignments match"}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {summary.total === 0
              ? "Upload your students' work and Gradewell grades it for you."
              : "Try another search or clear the filters."}
          </p>
          {summary.total === 0 ? (
            <Link
              to="/add-assignment"
              className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Create your first assignment
            </Link>
          ) : null}
        </div>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <DataTable
            variant="panel"
            columns={["Assignment", "Class", "Due date", "Submissions", "Average", "Status", { label: "Actions", srOnly: true }]}
          >
            {assignments.map((a) => (
              <tr key={a.id} className="hover:bg-slate-50" data-testid="assignment-row">
                <td className="px-4 py-3">
                  <span className="block font-medium text-slate-900">{a.title}</span>
                  <span className="block text-xs text-slate-500">
                    {capitalize(a.assignmentType)}
                    {a.subject ? ` · ${a.subject}` : ""}
                    {a.needsReview ? <span className="ml-2 font-medium text-orange-700">{a.needsReview} to review</span> : null}
                  </span>
                </td>
                <td className="px-4 py-3 text-slate-700">{a.className ?? "—"}</td>
                <td className="px-4 py-3 text-slate-700">{a.dueDate ? formatDueDate(a.dueDate) : "—"}</td>
                <td className="px-4 py-3 text-slate-700">
                  {a.submissions}/{a.total}
                </td>
                <td className="px-4 py-3 text-slate-700">{formatPercent(a.averagePercent)}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={a.status} />
                </td>
                <td className="px-4 py-3 text-right">
                  <Link
                    to={`/assignment/${a.id}`}
                    className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-white"
                    aria-label={`View ${a.title}`}
                  >
                    View
                  </Link>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </main>
  );
}

function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        defaultValue={value}
        className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
      >
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
