import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { QuickSnapModal } from "~/components/quicksnap/quick-snap-modal";
import { isMobileUserAgent } from "~/lib/device";
import { requireTeacher } from "~/server/auth.server";
import { dashboardOverview } from "~/server/dashboard.server";
import { getDb } from "../../core/db/client";
import { createQuickSnapJob } from "~/server/jobs.server";
import { checkUpload } from "~/server/storage.server";
import { UnsupportedFileError } from "../../core/files/file-type";

export const meta: MetaFunction = () => [{ title: "Dashboard | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const overview = await dashboardOverview(getDb(context.cloudflare.env.DB), teacher.id);
  return { firstName: teacher.name.split(" ")[0] ?? teacher.name, overview, mobile: isMobileUserAgent(request.headers.get("User-Agent")) };
}

/** Snap & Grade without JavaScript: the photo is posted here, and the teacher lands on the live job page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const form = await request.formData();
  const file = form.get("file");
  if (form.get("intent") !== "quicksnap" || !(file instanceof File) || file.size === 0) {
    return data({ error: "Please choose a photo of the student's work." }, { status: 400 });
  }
  try {
    const upload = await checkUpload(file);
    const env = context.cloudflare.env;
    const { jobId } = await createQuickSnapJob(env, getDb(env.DB), { teacherId: teacher.id, upload, assignmentId: null });
    throw redirect(`/jobs/${jobId}`);
  } catch (error) {
    if (error instanceof UnsupportedFileError) return data({ error: error.message }, { status: 415 });
    throw error;
  }
}

const QUICK_ACTIONS = [
  { to: "/dashboard?quicksnap=1", label: "Snap & Grade", hint: "Photograph one paper and grade it now" },
  { to: "/add-assignment", label: "Upload Assignments", hint: "Upload a stack of student work" },
  { to: "/add-assignment?drive=1", label: "Google Drive", hint: "Pick students' work from your Drive" },
  { to: "/assignments", label: "Create Assignment", hint: "Set up an assignment with its key" },
  { to: "/classes", label: "Manage Classes", hint: "Rosters, codes and students" },
];

export default function Dashboard() {
  const { firstName, overview, mobile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const snapOpen = searchParams.get("quicksnap") === "1";
  const kpis = [
    { label: "Classes", value: overview.classes },
    { label: "Students", value: overview.students },
    { label: "Assignments", value: overview.assignments },
    { label: "Graded submissions", value: overview.graded },
    { label: "Average score", value: overview.averageScore == null ? "N/A" : `${overview.averageScore}%` },
    { label: "Waiting for your review", value: overview.needsReview },
  ];
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      {snapOpen ? <QuickSnapModal mobile={mobile} onClose={() => navigate("/dashboard", { replace: true })} /> : null}
      {actionData?.error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{`Welcome back, ${firstName}`}</h1>
          <p className="mt-1 text-slate-600">Here is where your grading stands today.</p>
        </div>
        <details className="relative">
          <summary className="cursor-pointer list-none rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
            Quick Actions
          </summary>
          <ul className="absolute right-0 z-10 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
            {QUICK_ACTIONS.map((action) => (
              <li key={action.label}>
                <Link to={action.to} className="block rounded-md px-3 py-2 hover:bg-slate-50">
                  <span className="block text-sm font-medium text-slate-900">{action.label}</span>
                  <span className="block text-xs text-slate-500">{action.hint}</span>
                </Link>
              </li>
            ))}
          </ul>
        </details>
      </div>

      <section aria-label="Key figures" className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
        {kpis.map((kpi) => (
          <div key={kpi.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{kpi.label}</p>
            <p className="mt-2 text-2xl font-semibold" data-testid={`kpi-${kpi.label}`}>
              {kpi.value}
            </p>
          </div>
        ))}
      </section>

      <section className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold">Recent activity</h2>
        {overview.recent.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">
            Nothing graded yet.{" "}
            <Link to="/add-assignment" className="font-medium text-brand-600 hover:underline">
              Upload your first assignment
            </Link>{" "}
            to see Gradewell at work.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {overview.recent.map((item) => (
              <li key={item.id} className="flex justify-between py-2 text-sm">
                <span>
                  {item.studentName || "Unnamed student"} · {item.assignmentTitle ?? "QuickSnap"}
                </span>
                <span className="text-slate-600">{item.percent == null ? item.status : `${item.percent}%`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
