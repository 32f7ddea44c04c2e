// Classroom coursework becomes an assignment of the class linked to its course. Each student's turned-in Drive
// attachment (Google Docs exported, as Drive picks are) becomes that student's submission, already linked to the
// student by Google user id, so no name needs reading. Students who turned nothing in show as missing through the
// class roster; late work is marked late. Importing again adds only work turned in since. Files go to R2 first,
// then every row lands in one D1 batch; on any failure the stored files are deleted again.
import { eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { inChunks } from "../../../core/db/chunk";
import { assignmentFiles, assignments, students, submissions } from "../../../core/db/schema";
import { forTeacher } from "../../../core/db/scoped";
import { UnsupportedFileError } from "../../../core/files/file-type";
import { readCapped } from "../google/drive-import.server";
import { downloadFile, DriveError } from "../google/drive.server";
import { checkUpload, MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, uploadKey } from "../storage.server";
import { newId } from "../tokens.server";
import type { CourseWork, StudentSubmission } from "./api.server";
import { ClassroomRefusal, refusalFrom, type ClassroomSession } from "./connection.server";
import { importCourse, linkedClass } from "./import-course.server";

type Env = { UPLOADS: R2Bucket };
export type CourseWorkImport = { assignmentId: string; created: boolean; imported: number; late: number; missing: number };

const turnedIn = (s: StudentSubmission) => s.state === "TURNED_IN" || s.state === "RETURNED";

export function dueDate(work: CourseWork): Date | null {
  if (!work.dueDate) return null;
  const { year, month, day } = work.dueDate;
  return new Date(Date.UTC(year, month - 1, day, work.dueTime?.hours ?? 23, work.dueTime?.minutes ?? 59));
}

/** The teacher's assignment made from (or posted as) this coursework, if any. */
export async function assignmentForCourseWork(session: Pick<ClassroomSession, "db" | "teacherId">, courseWorkId: string) {
  const scope = forTeacher(session.db, session.teacherId);
  const [row] = await session.db
    .select()
    .from(assignments)
    .where(scope.where(assignments, eq(assignments.classroomCourseWorkId, courseWorkId)))
    .limit(1);
  return row;
}

export async function importCourseWork(env: Env, session: ClassroomSession, courseId: string, courseWorkId: string) {
  const { db, teacherId, client, config, accessToken } = session;
  const scope = forTeacher(db, teacherId);
  let work: CourseWork, turned: StudentSubmission[], all: StudentSubmission[];
  try {
    await client.course(courseId); // a course that has gone is named as such, not as missing coursework
    work = await client.courseWork(courseId, courseWorkId);
    all = await client.submissions(courseId, courseWorkId);
    turned = all.filter(turnedIn);
  } catch (error) {
    throw refusalFrom(error, "coursework");
  }
  // The roster first (its own batch, and idempotent): a student who joined since the course import is then known.
  const klass = (await linkedClass(session, courseId)) ?? undefined;
  if (!klass) throw new ClassroomRefusal("Import this Classroom course as a class first.", 409);
  await importCourse(session, courseId, { classId: klass.id });

  const existing = await assignmentForCourseWork(session, courseWorkId);
  const assignmentId = existing?.id ?? newId();
  const points = Math.max(1, Math.round(work.maxPoints ?? existing?.points ?? 100));
  const already = existing
    ? await db
        .select({ classroomSubmissionId: submissions.classroomSubmissionId })
        .from(submissions)
        .where(scope.where(submissions, eq(submissions.assignmentId, existing.id)))
    : [];
  const done = new Set(already.map((s) => s.classroomSubmissionId));
  const fresh = turned.filter((s) => !done.has(s.id));
  const people = await inChunks(
    fresh.map((s) => s.userId),
    1,
    (slice) =>
      db
        .select({ id: students.id, name: students.name, googleUserId: students.googleUserId })
        .from(students)
        .where(scope.where(students, inArray(students.googleUserId, slice))),
  );
  const byGoogle = new Map(people.map((p) => [p.googleUserId, p]));

  const stored: { key: string; row: typeof assignmentFiles.$inferInsert; submission: typeof submissions.$inferInsert }[] = [];
  try {
    for (const sub of fresh) {
      const student = byGoogle.get(sub.userId);
      const attachment = sub.assignmentSubmission?.attachments?.find((a) => a.driveFile?.id)?.driveFile;
      if (!student || !attachment) continue; // turned in with nothing Gradewell can grade (a link, a form)
      const upload = await readAttachment(config, accessToken, attachment, student.name);
      const { id, key } = uploadKey(teacherId, `assignments/${assignmentId}/assignment`, upload.fileName);
      await env.UPLOADS.put(key, upload.bytes, {
        httpMetadata: { contentType: upload.contentType },
        customMetadata: { teacherId, assignmentId, fileName: upload.fileName },
      });
      stored.push({
        key,
        row: {
          id,
          teacherId,
          assignmentId,
          kind: "assignment",
          r2Key: key,
          fileName: upload.fileName,
          contentType: upload.contentType,
          size: upload.size,
        },
        submission: {
          id: newId(),
          teacherId,
          assignmentId,
          fileId: id,
          studentId: student.id,
          studentName: student.name,
          maxScore: points,
          classroomSubmissionId: sub.id,
          classroomLate: Boolean(sub.late),
        },
      });
    }

    const statements: BatchItem<"sqlite">[] = [];
    if (!existing) {
      statements.push(
        db.insert(assignments).values({
          id: assignmentId,
          teacherId,
          classId: klass.id,
          title: work.title.slice(0, 200) || "Classroom assignment",
          description: work.description ?? "",
          dueDate: dueDate(work),
          points,
          status: "Draft",
          processingMode: "later",
          // The student is known from Classroom: nothing to read off the page.
          autoDetectStudents: false,
          classroomCourseId: courseId,
          classroomCourseWorkId: courseWorkId,
          classroomOwned: Boolean(work.associatedWithDeveloperProject),
          classroomMaxPoints: work.maxPoints ?? null,
        }),
      );
    } else {
      statements.push(
        db
          .update(assignments)
          .set({
            classroomOwned: Boolean(work.associatedWithDeveloperProject),
            classroomMaxPoints: work.maxPoints ?? null,
            updatedAt: new Date(),
          })
          .where(scope.where(assignments, eq(assignments.id, assignmentId))),
      );
    }
    for (const s of stored) statements.push(db.insert(assignmentFiles).values(s.row));
    for (const s of stored) statements.push(db.insert(submissions).values(s.submission));
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (stored.length) await env.UPLOADS.delete(stored.map((s) => s.key));
    throw error;
  }
  const result: CourseWorkImport = {
    assignmentId,
    created: !existing,
    imported: stored.length,
    late: stored.filter((s) => s.submission.classroomLate).length,
    missing: all.filter((s) => !turnedIn(s)).length,
  };
  return result;
}

/** One turned-in Drive file, read with the upload cap and type checks of an upload; a refusal names it. */
async function readAttachment(
  config: ClassroomSession["config"],
  accessToken: string,
  attachment: { id: string; title?: string },
  studentName: string,
) {
  const label = `"${attachment.title ?? attachment.id}", turned in by ${studentName},`;
  try {
    const file = await downloadFile(config, accessToken, attachment.id);
    const bytes = await readCapped(file.body, MAX_UPLOAD_BYTES);
    if (!bytes) throw new ClassroomRefusal(`${label} is larger than the ${MAX_UPLOAD_LABEL} limit per file. Nothing was imported.`, 413);
    return await checkUpload(new File([bytes], file.name, { type: file.mimeType }));
  } catch (error) {
    if (error instanceof DriveError)
      throw new ClassroomRefusal(
        `Gradewell could not read ${label} from Google Drive (${error.message}). Nothing was imported; ask the student to turn it in again, or import the others later.`,
        422,
      );
    if (error instanceof UnsupportedFileError)
      throw new ClassroomRefusal(`Gradewell cannot grade ${label}: ${error.message} Nothing was imported.`, 422);
    throw error;
  }
}
