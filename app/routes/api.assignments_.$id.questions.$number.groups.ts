import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiTeacher } from "~/server/auth.server";
import { actOnGroup, answerGroups } from "~/server/answer-groups.server";
import { AssignmentInputError } from "~/server/assignments.server";
import { apiError, jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { questionAcrossSubmissions } from "~/server/submissions.server";
import { AnswerGroupActionBody } from "~/schemas/review";
import { getDb } from "../../core/db/client";

async function groupsForApi(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  const { teacher } = await requireApiTeacher(request, context);
  const found = await questionAcrossSubmissions(getDb(context.cloudflare.env.DB), teacher.id, params.id ?? "", params.number ?? "");
  if (!found) return null;
  return answerGroups(found.rows).map((g) => ({
    key: g.key,
    answer: g.answer,
    count: g.members.length,
    flagged: g.flagged,
    points: g.points,
    points_possible: g.possible,
    students: g.members.map((m) => ({
      submission_id: m.submissionId,
      student: m.student,
      answer: m.answer,
      points: m.points,
      needs_review: m.needsReview,
      review_reason: m.reviewReason,
      crop_url: m.cropUrl,
    })),
  }));
}

/** One question's answers grouped by what they read, flagged and small groups first, each student with their crop. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const groups = await groupsForApi(request, context, params);
  if (!groups) return apiError(404, "Assignment not found.");
  return jsonResponse({ question: params.number, groups });
}

/** Confirms a group's marks, or gives every member the same points; the history records it for each student. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const body = await readJsonBody(request, AnswerGroupActionBody);
  try {
    const db = getDb(context.cloudflare.env.DB);
    const act = body.action === "mark" ? { kind: "mark" as const, points: body.points ?? 0 } : { kind: "confirm" as const };
    const students = await actOnGroup(db, teacher, params.id ?? "", params.number ?? "", body.key, act);
    return jsonResponse({ updated: students, groups: await groupsForApi(request, context, params) });
  } catch (error) {
    if (error instanceof AssignmentInputError) return apiError(error.status, error.message);
    throw error;
  }
}
