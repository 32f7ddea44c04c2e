import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NotFoundBoundary, notFound } from "~/components/classes/not-found";
import { ConfirmDelete } from "~/components/confirm-delete";
import { requireTeacher } from "~/server/auth.server";
import { deletionPreview, deleteStudent } from "~/server/data-deletion.server";
import { getDb } from "../../core/db/client";

export const meta: MetaFunction = () => [{ title: "Delete student | Gradewell" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const preview = await deletionPreview(getDb(context.cloudflare.env.DB), teacher.id, { studentId: params.id! });
  if (!preview) notFound();
  return preview;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const deleted = await deleteStudent(context.cloudflare.env, getDb(context.cloudflare.env.DB), teacher, params.id!);
  if (!deleted) notFound();
  throw redirect(`/students?deleted=${encodeURIComponent(deleted.name)}`);
}

export default function DeleteStudentPage() {
  const preview = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete title={`Delete ${preview.name}?`} back={`/student/${preview.id}`} button="Delete student permanently">
      <p>
        {`This deletes ${preview.name} with ${preview.submissions} graded or pending submission${preview.submissions === 1 ? "" : "s"} and their uploaded files, ${preview.conferenceItems} conference item${preview.conferenceItems === 1 ? "" : "s"}, notes, class enrollments and attendance.`}
      </p>
      <p>The access log keeps only a line saying that the student was deleted. This cannot be undone.</p>
    </ConfirmDelete>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary title="Student not found" back={{ to: "/students", label: "Back to Students" }} />;
}
