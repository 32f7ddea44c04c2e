// A teacher's way into Google Classroom: the plan allows it, Google is set up here, the grant holds the Classroom
// scopes, and the access token is live. Every refusal is one plain sentence the pages show as it is.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb, type Db } from "../../../core/db/client";
import { featureRefusal } from "~/lib/plans";
import { UPGRADE_PATH, type PlanId } from "../../../core/plans";
import { googleConfig, type GoogleConfig } from "../google/config.server";
import { DriveAuthError, driveAccessToken, grantedScopes } from "../google/drive-tokens.server";
import { CLASSROOM_SCOPES } from "../google/oauth.server";
import { hasPlanFeature } from "../plans.server";
import { ClassroomError, classroomClient, type ClassroomClient } from "./api.server";

export const CLASSROOM_MESSAGES = {
  notSetUp: "Google Classroom is not set up on this server.",
  notConnected: "Connect Google Classroom first.",
  expired: "Your Google Classroom connection has expired or was removed in your Google account. Please connect Google Classroom again.",
  missingScopes:
    "Gradewell was not allowed to see your Classroom courses, rosters and coursework. Please connect Google Classroom again and allow every permission Google asks for.",
  courseGone: "This course is no longer in Google Classroom: it was deleted, archived, or you no longer teach it.",
  courseWorkGone: "This coursework is no longer in Google Classroom.",
  notOurs:
    "Google Classroom lets an app set grades only on coursework that the app created. This coursework was made in Classroom itself, so Gradewell cannot send its grades. Download the gradebook file instead.",
  failed: "Google Classroom did not answer as expected. Please try again.",
} as const;

/** What the pages say for a ClassroomError, by what was being reached. */
export function classroomMessage(error: ClassroomError, about: "course" | "coursework" = "course"): string {
  if (error.kind === "auth") return CLASSROOM_MESSAGES.expired;
  if (error.kind === "scope") return CLASSROOM_MESSAGES.missingScopes;
  if (error.kind === "not_owner") return CLASSROOM_MESSAGES.notOurs;
  if (error.kind === "gone") return (error.what ?? about) === "course" ? CLASSROOM_MESSAGES.courseGone : CLASSROOM_MESSAGES.courseWorkGone;
  return CLASSROOM_MESSAGES.failed;
}

/** A refusal the pages show (and the JSON answers carry) as it is. */
export class ClassroomRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ClassroomRefusal";
  }
}

export const hasClassroomScopes = (scopes: readonly string[]) =>
  CLASSROOM_SCOPES.filter((s) => !s.endsWith("/drive.file")).every((scope) => scopes.includes(scope));

export type ClassroomState = {
  allowed: boolean;
  configured: boolean;
  connected: boolean;
  missingScopes: boolean;
};

export async function classroomState(context: AppLoadContext, teacher: { id: string; plan: PlanId }): Promise<ClassroomState> {
  const config = googleConfig(context.cloudflare.env);
  const configured = Boolean(config && config.tokenKeys.length > 0);
  const scopes = configured ? await grantedScopes(getDb(context.cloudflare.env.DB), teacher.id) : null;
  return {
    allowed: hasPlanFeature(teacher, "google_classroom"),
    configured,
    connected: scopes !== null && hasClassroomScopes(scopes),
    missingScopes: scopes !== null && scopes.some((s) => s.includes("/classroom.")) && !hasClassroomScopes(scopes),
  };
}

export type ClassroomSession = { db: Db; config: GoogleConfig; client: ClassroomClient; teacherId: string; accessToken: string };

/** Everything a Classroom call needs, or a ClassroomRefusal saying why not. */
export async function openClassroom(
  request: Request,
  context: AppLoadContext,
  teacher: { id: string; plan: PlanId },
): Promise<ClassroomSession> {
  if (!hasPlanFeature(teacher, "google_classroom"))
    throw new ClassroomRefusal(featureRefusal("google_classroom", teacher.plan), 403, {
      feature: "google_classroom",
      upgrade_url: UPGRADE_PATH,
    });
  const config = googleConfig(context.cloudflare.env);
  if (!config || config.tokenKeys.length === 0) throw new ClassroomRefusal(CLASSROOM_MESSAGES.notSetUp, 404);
  const db = getDb(context.cloudflare.env.DB);
  const scopes = await grantedScopes(db, teacher.id);
  if (scopes === null) throw new ClassroomRefusal(CLASSROOM_MESSAGES.notConnected, 401, { requires_auth: true });
  if (!hasClassroomScopes(scopes)) throw new ClassroomRefusal(CLASSROOM_MESSAGES.missingScopes, 403, { requires_auth: true });
  try {
    const accessToken = await driveAccessToken(db, config, request, teacher.id);
    return { db, config, client: classroomClient(config, accessToken), teacherId: teacher.id, accessToken };
  } catch (error) {
    if (error instanceof DriveAuthError) throw new ClassroomRefusal(CLASSROOM_MESSAGES.expired, 401, { requires_auth: true });
    throw error;
  }
}

/** Turns Classroom's failures into refusals; anything else is rethrown. */
export function refusalFrom(error: unknown, about: "course" | "coursework" = "course"): ClassroomRefusal {
  if (error instanceof ClassroomRefusal) return error;
  if (error instanceof ClassroomError) {
    const status = error.kind === "auth" ? 401 : error.kind === "gone" ? 404 : error.kind === "failed" ? 502 : 403;
    return new ClassroomRefusal(classroomMessage(error, about), status, {
      requires_auth: error.kind === "auth" || error.kind === "scope",
    });
  }
  if (error instanceof DriveAuthError) return new ClassroomRefusal(CLASSROOM_MESSAGES.expired, 401, { requires_auth: true });
  throw error;
}
