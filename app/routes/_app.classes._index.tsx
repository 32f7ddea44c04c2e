import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Await, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { Suspense } from "react";
import { Badge, card, EmptyState, PageHeader, primaryButton, scoreTone, secondaryButton } from "~/components/ui/kit";
import { formatPercent } from "~/lib/format";
import { requireTeacher } from "~/server/auth.server";
import { listClasses, type ClassSummary } from "~/server/classes.server";
import { getDb } from "../../core/db/client";

export const meta: MetaFunction = () => [{ title: "My Classes | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const archived = new URL(request.url).searchParams.get("archived") === "1";
  // Streamed: the page shows 'Loading classes...' until the list with its live figures arrives.
  const classes = listClasses(getDb(context.cloudflare.env.DB), teacher.id, { archived }).then((list) =>
    list.map((c) => ({
      ...c,
      archivedAt: c.archivedAt?.toISOString() ?? null,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    })),
  );
  return { classes, archived };
}

export default function ClassesPage() {
  const { classes, archived } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const deleted = params.get("deleted");
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="My Classes"
        subtitle="Manage your classes and students"
        actions={
          <>
            <Link to={archived ? "/classes" : "/classes?archived=1"} className={secondaryButton}>
              {archived ? "Show active classes" : "Show archived"}
            </Link>
            <Link to="/create-class" className={primaryButton}>
              Create New Class
            </Link>
          </>
        }
      />
      {deleted ? (
        <p role="status" className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {`Deleted "${deleted}".`}
        </p>
      ) : null}
      <Suspense
        fallback={
          <p className="text-slate-600" role="status">
            Loading classes...
          </p>
        }
      >
        <Await resolve={classes} errorElement={<ClassGrid classes={[]} archived={archived} />}>
          {(list) => <ClassGrid classes={list} archived={archived} />}
        </Await>
      </Suspense>
    </main>
  );
}

type ClassCard = Omit<ClassSummary, "archivedAt" | "createdAt" | "updatedAt"> & { archivedAt: string | null };

function ClassGrid({ classes, archived }: { classes: ClassCard[]; archived: boolean }) {
  if (classes.length === 0) {
    return archived ? (
      <EmptyState title="No archived classes">Classes you archive from their settings page are kept here.</EmptyState>
    ) : (
      <EmptyState
        title="No Classes Yet"
        action={
          <Link to="/create-class" className={primaryButton}>
            Create Your First Class
          </Link>
        }
      >
        Create a class to build its roster, share its class code and collect graded work in one place.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Classes">
      {classes.map((c) => (
        <li key={c.id} className={`${card} flex flex-col p-5`} data-testid="class-card">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="truncate text-lg font-semibold text-slate-900">{c.name}</h2>
              <p className="text-sm text-slate-600">
                {c.subject} · {c.gradeLevel === "K" ? "Kindergarten" : `Grade ${c.gradeLevel}`}
              </p>
            </div>
            <Badge tone="brand">
              <span className="sr-only">Class code </span>
              <span className="font-mono tracking-wider">{c.classCode}</span>
            </Badge>
          </div>
          <dl className="mt-5 grid grid-cols-3 gap-2 text-center">
            <div className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-500">Students</dt>
              <dd className="text-lg font-semibold" data-testid="student-count">
                {c.studentCount}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-500">Assignments</dt>
              <dd className="text-lg font-semibold" data-testid="assignment-count">
                {c.assignmentCount}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-500">Average</dt>
              <dd className="text-lg font-semibold" data-testid="average-score">
                <Badge tone={scoreTone(c.averageScore)}>{formatPercent(c.averageScore)}</Badge>
              </dd>
            </div>
          </dl>
          {c.description ? <p className="mt-4 line-clamp-2 text-sm text-slate-600">{c.description}</p> : null}
          <div className="mt-auto flex gap-2 pt-5">
            <Link to={`/classes/${c.id}`} className={`${primaryButton} flex-1`} aria-label={`View Class ${c.name}`}>
              View Class
            </Link>
            <Link to={`/classes/${c.id}/details`} className={`${secondaryButton} flex-1`} aria-label={`View Details ${c.name}`}>
              View Details
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
