import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AddAssignmentForm } from "~/components/assignments/add-assignment-form";
import { ClassroomImportLink } from "~/components/classroom/classroom-connection";
import { createFromForm, readMultipart, type FieldIssue } from "~/server/assignment-uploads.server";
import { AssignmentInputError, teacherClasses } from "~/server/assignments.server";
import { processAssignment } from "~/server/jobs.server";
import { requireTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { getSettings } from "~/server/settings.server";
import { MAX_UPLOAD_BYTES } from "~/server/storage.server";
import { withDriveFiles } from "~/server/google/drive-import.server";
import { googleConfig } from "~/server/google/config.server";
import { driveConnected } from "~/server/google/drive-tokens.server";
import { PlanFeatureError, requireAssignmentPlan } from "~/server/plans.server";

export const meta: MetaFunction = () => [{ title: "Create New Assignment | Gradewell" }];

const MOBILE = /Android|iPhone|iPad|iPod|Mobile|Silk|Opera Mini/i;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const [settings, classes, driveIsConnected] = await Promise.all([
    getSettings(db, teacher.id),
    teacherClasses(db, teacher.id),
    driveConnected(db, teacher.id),
  ]);
  return {
    settings,
    classes,
    isMobile: MOBILE.test(request.headers.get("User-Agent") ?? ""),
    maxUploadBytes: MAX_UPLOAD_BYTES,
    google: { configured: googleConfig(context.cloudflare.env) !== null, driveConnected: driveIsConnected },
    plan: teacher.plan,
  };
}

/** Without JavaScript the form posts here; with it the page uses the JSON API for a real upload progress bar. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const env = context.cloudflare.env;
  const db = getDb(env.DB);
  let issues: FieldIssue[];
  try {
    const posted = await readMultipart(request);
    requireAssignmentPlan(teacher, posted);
    const result = await createFromForm(env, db, teacher.id, await withDriveFiles(request, context, teacher.id, posted));
    if (result.ok) {
      let job = "";
      if (result.processingMode === "immediate") {
        try {
          job = `&job=${(await processAssignment(env, db, teacher.id, result.assignmentId)).jobId}`;
        } catch (error) {
          console.warn("processing could not start; the assignment stays saved", error); // spec: only logged
        }
      }
      throw redirect(`/assignments?created=${result.assignmentId}${job}`);
    }
    issues = result.issues;
    return data({ issues }, { status: result.status });
  } catch (error) {
    if (error instanceof AssignmentInputError) return data({ issues: [{ field: null, message: error.message }] }, { status: error.status });
    if (error instanceof PlanFeatureError) return data({ issues: [{ field: "plan", message: error.message }] }, { status: 403 });
    throw error;
  }
}

export default function AddAssignment() {
  const { settings, classes, isMobile, maxUploadBytes, google, plan } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/assignments" className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <span aria-hidden="true">←</span> Back to Assignments
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Create New Assignment</h1>
      <p className="mt-1 text-slate-600">Upload your students&apos; work, add the answer key, and let Gradewell read and grade it.</p>
      {google.configured ? <ClassroomImportLink /> : null}
      <AddAssignmentForm
        settings={settings}
        classes={classes}
        isMobile={isMobile}
        maxUploadBytes={maxUploadBytes}
        issues={actionData?.issues ?? []}
        google={google}
        plan={plan}
      />
    </main>
  );
}
