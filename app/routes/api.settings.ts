import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SettingsBody } from "~/schemas/assignments";
import { requireApiTeacher } from "~/server/auth.server";
import { getDb } from "../../core/db/client";
import { jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { getSettings, saveSettings, type TeacherSettings } from "~/server/settings.server";

const toJson = (s: TeacherSettings) => ({
  auto_detect_students: s.autoDetectStudents,
  auto_detect_standards: s.autoDetectStandards,
  default_points: s.defaultPoints,
  require_manual_review: s.requireManualReview,
  allow_hosted_reading: s.allowHostedReading,
});

/** The local settings of spec section 3, stored per teacher. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  return jsonResponse({ settings: toJson(await getSettings(getDb(context.cloudflare.env.DB), teacher.id)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const { teacher } = await requireApiTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  const current = await getSettings(db, teacher.id);
  const body = await readJsonBody(request, SettingsBody);
  const input = {
    autoDetectStudents: body.auto_detect_students ?? current.autoDetectStudents,
    autoDetectStandards: body.auto_detect_standards ?? current.autoDetectStandards,
    defaultPoints: body.default_points ?? current.defaultPoints,
    requireManualReview: body.require_manual_review ?? current.requireManualReview,
    allowHostedReading: body.allow_hosted_reading ?? current.allowHostedReading,
  };
  return jsonResponse({ settings: toJson(await saveSettings(db, teacher.id, input)) });
}
