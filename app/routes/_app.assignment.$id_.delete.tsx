import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NotFoundBoundary, notFound } from "~/components/classes/not-found";
import { ConfirmDelete } from "~/components/confirm-delete";
import { requireTeacher } from "~/server/auth.server";
import { deleteAssignment, deletionPreview } from "~/server/data-deletion.server";
import { getDb } from "../../core/db/client";

export const meta: MetaFunction = () => [{ title: "Delete assignment | Gradewell" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const preview = await deletionPreview(getDb(context.cloudflare.env.DB), teacher.id, { assignmentId: params.id! });
  if (!preview) notFound();
  return preview;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const deleted = await deleteAssignment(context.cloudflare.env, getDb(context.cloudflare.env.DB), teacher, params.id!);
  if (!deleted) notFound();
  throw redirect(`/assignments?deleted=${encodeURIComponent(deleted.title)}`);
}

export default function DeleteAssignmentPage() {
  const preview = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete title={`Delete "${preview.name}"?`} back={`/assignment/${preview.id}`} button="Delete assignment permanently">
      <p>
        {`This deletes the assignment with its ${preview.submissions} submission${preview.submissions === 1 ? "" : "s"}, their grades and feedback, every uploaded file (student work, answer key, rubric) and its grading jobs.`}
      </p>
      <p>Items you added to a student&apos;s conference folder are copies and stay there. This cannot be undone.</p>
    </ConfirmDelete>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary title="Assignment not found" back={{ to: "/assignments", label: "Back to Assignments" }} />;
}
