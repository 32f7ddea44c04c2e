// The daily privacy clean-up (wrangler.toml [triggers]): uploaded student work (photos, scans) is deleted N days
// after grading where the teacher asked for it, keeping grades, feedback and the recognised text; the access log
// is kept one year; used-up links and old outbox mail go.
import { and, eq, gt, inArray, isNotNull, lt } from "drizzle-orm";
import { getDb, type Db } from "../../core/db/client";
import { chunk, D1_MAX_BOUND_VALUES } from "../../core/db/chunk";
import { assignmentFiles, mailOutbox, settings, submissions } from "../../core/db/schema";
import { forTeacher } from "../../core/db/scoped";
import { deleteOldAccessLog } from "./access-log.server";
import { deleteExpiredAccountTokens } from "./account-tokens.server";
import { deleteObjects } from "./data-deletion.server";

const DAY = 24 * 60 * 60 * 1000;
/** The local outbox keeps mail this long (its links expire after 30 minutes anyway). */
export const OUTBOX_RETENTION_DAYS = 30;
/** Uploads of student work; the teacher's own documents (assignment, answer key, rubric) are kept. */
const STUDENT_WORK = ["batch", "quicksnap"] as const;

/** Deletes one teacher's student-work files graded more than `days` ago; answers how many went. */
export async function applyRetention(env: Env, db: Db, teacherId: string, days: number, now = new Date()): Promise<number> {
  const scope = forTeacher(db, teacherId);
  const cutoff = new Date(now.getTime() - days * DAY);
  const files = await db
    .selectDistinct({ id: assignmentFiles.id, r2Key: assignmentFiles.r2Key })
    .from(submissions)
    .innerJoin(assignmentFiles, eq(assignmentFiles.id, submissions.fileId))
    .where(
      and(
        scope.where(submissions, eq(submissions.status, "graded"), lt(submissions.gradedAt, cutoff)),
        scope.where(assignmentFiles, inArray(assignmentFiles.kind, [...STUDENT_WORK])),
      ),
    );
  for (const slice of chunk(files, D1_MAX_BOUND_VALUES - 2)) {
    const ids = slice.map((f) => f.id);
    await db.batch([
      db
        .update(submissions)
        .set({ fileId: null })
        .where(scope.where(submissions, inArray(submissions.fileId, ids))),
      db.delete(assignmentFiles).where(scope.where(assignmentFiles, inArray(assignmentFiles.id, ids))),
    ]);
    await deleteObjects(
      env.UPLOADS,
      slice.map((f) => f.r2Key),
    );
  }
  return files.length;
}

/** Every teacher who turned retention on. */
export async function runRetention(env: Env, now = new Date()) {
  const db = getDb(env.DB);
  const teachers = await db
    .select({ teacherId: settings.teacherId, days: settings.retentionDays })
    .from(settings)
    .where(and(isNotNull(settings.retentionDays), gt(settings.retentionDays, 0)));
  let deleted = 0;
  for (const t of teachers) deleted += await applyRetention(env, db, t.teacherId, t.days!, now);
  return { teachers: teachers.length, filesDeleted: deleted };
}

export async function dailyPrivacyCleanup(env: Env, now = new Date()) {
  const db = getDb(env.DB);
  const retention = await runRetention(env, now);
  await deleteOldAccessLog(db, now);
  await deleteExpiredAccountTokens(db, now);
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, new Date(now.getTime() - OUTBOX_RETENTION_DAYS * DAY)));
  return retention;
}
