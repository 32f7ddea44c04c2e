import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClassroomConnection } from "~/components/classroom/classroom-connection";
import { CourseList } from "~/components/classroom/course-list";
import { CourseWorkList } from "~/components/classroom/coursework-list";
import { SettingsSection } from "~/components/settings/section";
import { FormAlert } from "~/components/ui/field";
import { requireTeacher } from "~/server/auth.server";
import { classroomPage, classroomPageAction } from "~/server/classroom/page.server";

export const meta: MetaFunction = () => [{ title: "Google Classroom | Gradewell" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  return classroomPage(request, context, teacher);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  return classroomPageAction(request, context, teacher);
}

/** Google Classroom: connect, import courses with their rosters, import coursework with the turned-in work. */
export default function ClassroomPage() {
  const { state, plan, notice, error, courses, selected, classes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const problem = actionData?.error ?? error;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Google Classroom</h1>
      <p className="mt-1 text-slate-600">
        Bring your courses, rosters and students&apos; turned-in work in from Classroom, and send grades back.
      </p>
      {notice ? (
        <p role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {notice}
        </p>
      ) : null}
      {problem ? (
        <div className="mt-4">
          <FormAlert message={problem} />
        </div>
      ) : null}
      <SettingsSection id="classroom-connection" title="Connection">
        <ClassroomConnection state={state} plan={plan} />
      </SettingsSection>
      {state.allowed && state.connected ? (
        <SettingsSection
          id="classroom-courses"
          title="Your courses"
          intro="A course becomes a class with its roster. Importing again updates the roster."
        >
          <CourseList courses={courses} classes={classes} />
        </SettingsSection>
      ) : null}
      {selected ? <CourseWorkList courseId={selected.id} courseName={selected.name} coursework={selected.coursework} /> : null}
    </main>
  );
}
