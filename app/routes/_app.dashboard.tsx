import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { DashboardTabs, SearchResults, StudentsTab, AnalyticsTab, type DashboardTab } from "~/components/dashboard/dashboard-tabs";
import { NotificationsButton } from "~/components/dashboard/notifications-button";
import {
  GradingProgress,
  Insights,
  KpiCards,
  QUICK_ACTIONS,
  QuickActionsPanel,
  RecentActivity,
  SubjectPerformance,
  TrendPanel,
} from "~/components/dashboard/overview-panels";
import { QuickSnapModal } from "~/components/quicksnap/quick-snap-modal";
import { isPeriod, TREND_PERIODS, type Period } from "~/lib/analytics";
import { isMobileUserAgent } from "~/lib/device";
import { requireTeacher } from "~/server/auth.server";
import { dashboardOverview, gradingProgress, searchTeacherData, studentSummaries } from "~/server/dashboard.server";
import { consume, ensureQueueRoom, RateLimitError } from "~/server/rate-limit.server";
import { createQuickSnapJob } from "~/server/jobs.server";
import { quickSnapAssignment, quickSnapChoices } from "~/server/quicksnap.server";
import { listNotifications, markNotificationsRead, recordNotifications } from "~/server/notifications.server";
import { checkUpload } from "~/server/storage.server";
import { getDb } from "../../core/db/client";
import { UnsupportedFileError } from "../../core/files/file-type";

export const meta: MetaFunction = () => [{ title: "Dashboard | Gradewell" }];

const TABS: DashboardTab[] = ["overview", "analytics", "assignments", "students"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const params = new URL(request.url).searchParams;
  const tab = (TABS as string[]).includes(params.get("tab") ?? "") ? (params.get("tab") as DashboardTab) : "overview";
  const trendParam = params.get("trend");
  const trendPeriod: Period = isPeriod(trendParam) && (TREND_PERIODS as readonly string[]).includes(trendParam) ? trendParam : "30d";
  await recordNotifications(db, teacher.id);
  const [overview, notifications, search] = await Promise.all([
    dashboardOverview(db, teacher.id, { trendPeriod }),
    listNotifications(db, teacher.id),
    searchTeacherData(db, teacher.id, params.get("q") ?? ""),
  ]);
  return {
    firstName: teacher.name.split(" ")[0] ?? teacher.name,
    tab,
    overview,
    notifications,
    search,
    allProgress: tab === "assignments" ? await gradingProgress(db, teacher.id, 50) : null,
    students: tab === "students" ? await studentSummaries(db, teacher.id) : null,
    mobile: isMobileUserAgent(request.headers.get("User-Agent")),
    snapChoices: params.get("quicksnap") === "1" ? await quickSnapChoices(db, teacher.id) : [],
  };
}

/** Snap & Grade without JavaScript (the photo is posted here), and marking notifications read. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const db = getDb(context.cloudflare.env.DB);
  if (intent === "read" || intent === "read-all") {
    await markNotificationsRead(db, teacher.id, intent === "read-all" ? "all" : [String(form.get("id") ?? "")]);
    return { error: null };
  }
  const file = form.get("file");
  if (intent !== "quicksnap" || !(file instanceof File) || file.size === 0) {
    return data({ error: "Please choose a photo of the student's work." }, { status: 400 });
  }
  try {
    const env = context.cloudflare.env;
    await consume(db, "quicksnap", teacher.id);
    await ensureQueueRoom(db, teacher.id, 1);
    const assignmentId = await quickSnapAssignment(db, teacher.id, form.get("assignment_id")?.toString());
    if (assignmentId === undefined) return data({ error: "Assignment not found." }, { status: 404 });
    const upload = await checkUpload(file);
    const { jobId } = await createQuickSnapJob(env, db, { teacherId: teacher.id, upload, assignmentId });
    throw redirect(`/jobs/${jobId}`);
  } catch (error) {
    if (error instanceof UnsupportedFileError) return data({ error: error.message }, { status: 415 });
    if (error instanceof RateLimitError) return data({ error: error.message }, { status: 429 });
    throw error;
  }
}

export default function Dashboard() {
  const { firstName, tab, overview, notifications, search, allProgress, students, mobile, snapChoices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const snapOpen = searchParams.get("quicksnap") === "1";
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      {snapOpen ? <QuickSnapModal mobile={mobile} choices={snapChoices} onClose={() => navigate("/dashboard", { replace: true })} /> : null}
      {actionData?.error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">{`Welcome back, ${firstName}`}</h1>
          <p className="mt-1 text-slate-600">Here is where your grading stands today.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <NotificationsButton unread={notifications.unread} items={notifications.items} />
          <details className="relative">
            <summary className="cursor-pointer list-none rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
              Quick Actions
            </summary>
            <ul className="absolute right-0 z-10 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
              {QUICK_ACTIONS.map((action) => (
                <li key={action.label}>
                  <Link to={action.to} className="block rounded-md px-3 py-2 hover:bg-slate-50">
                    <span className="block text-sm font-medium text-slate-900">{action.label}</span>
                    <span className="block text-xs text-slate-600">{action.hint}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <DashboardTabs current={tab} />
        <Form method="get" role="search" className="flex gap-2">
          {tab !== "overview" ? <input type="hidden" name="tab" value={tab} /> : null}
          <label htmlFor="dashboard-search" className="sr-only">
            Search students, classes and assignments
          </label>
          <input
            id="dashboard-search"
            name="q"
            type="search"
            defaultValue={search?.query ?? ""}
            placeholder="Search students, classes, assignments"
            className="w-full min-w-0 rounded-md border border-slate-300 px-3 py-2 text-sm md:w-72"
          />
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50">
            Search
          </button>
        </Form>
      </div>

      {search ? <SearchResults search={search} /> : null}

      <div className="mt-6 space-y-6">
        {tab === "overview" ? (
          <>
            <KpiCards kpis={overview.kpis} />
            <div className="grid gap-6 lg:grid-cols-3">
              <div className="space-y-6 lg:col-span-2">
                <TrendPanel trend={overview.trend} />
                <GradingProgress progress={overview.progress} />
                <RecentActivity recent={overview.recent} />
              </div>
              <div className="space-y-6">
                <Insights insights={overview.insights} />
                <SubjectPerformance subjects={overview.subjects} />
                <QuickActionsPanel />
              </div>
            </div>
          </>
        ) : null}
        {tab === "analytics" ? <AnalyticsTab overview={overview} /> : null}
        {tab === "assignments" && allProgress ? <GradingProgress progress={allProgress} /> : null}
        {tab === "students" && students ? <StudentsTab students={students} /> : null}
      </div>
    </main>
  );
}
