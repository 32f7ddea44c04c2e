import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiTeacher } from "~/server/auth.server";
import { jsonResponse, methodNotAllowed, readJsonBody } from "~/server/http.server";
import { listNotifications, markNotificationsRead, recordNotifications } from "~/server/notifications.server";
import { getDb } from "../../core/db/client";

const MarkRead = z.strictObject({ ids: z.union([z.literal("all"), z.array(z.string().min(1)).max(500)]) });

/** GET /api/notifications: the teacher's notifications, newest first, with the unread count. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { teacher } = await requireApiTeacher(request, context);
  const db = getDb(context.cloudflare.env.DB);
  await recordNotifications(db, teacher.id);
  return jsonResponse(await listNotifications(db, teacher.id));
}

/** POST /api/notifications {"ids": [...] | "all"}: marks them read; answers the list after. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { teacher } = await requireApiTeacher(request, context);
  const body = await readJsonBody(request, MarkRead);
  const db = getDb(context.cloudflare.env.DB);
  await markNotificationsRead(db, teacher.id, body.ids);
  return jsonResponse(await listNotifications(db, teacher.id));
}
