// "Delete my account": every row of the teacher's in every table, every R2 object under the teacher's prefix,
// and the storage of the teacher's grading-job Durable Objects. Work still queued for grading is dropped by the
// consumer, which finds its job gone (workers/grading/consumer.ts).
//
// The deletion is a list of steps, run in order. To add a clean-up (e.g. revoking Google tokens, which needs the
// rows that "rows" deletes), insert a step before "rows" in ACCOUNT_CLEANUP_STEPS.
import { eq, inArray, or } from "drizzle-orm";
import { getDb, type Db } from "../../core/db/client";
import {
  accessLog,
  accountTokens,
  apiTokens,
  assignmentFiles,
  assignments,
  attendance,
  classes,
  conferenceItems,
  contactMessages,
  enrollments,
  googleTokens,
  gradeEdits,
  gradingJobs,
  knownDevices,
  loginAttempts,
  mailOutbox,
  notes,
  notifications,
  questionResults,
  rateLimits,
  sessions,
  settings,
  students,
  submissions,
  teachers,
  type Teacher,
} from "../../core/db/schema";
import { forTeacher, identityOf, ownedBy } from "../../core/db/scoped";
import { deleteObjects, deletePrefix, eraseJobObjects } from "./data-deletion.server";
import { verifyPassword } from "./password.server";
import { teacherKeyPrefix } from "./storage.server";
import { googleConfig } from "./google/config.server";
import { disconnectDrive } from "./google/drive-tokens.server";

export type AccountCleanup = {
  env: Env;
  db: Db;
  teacher: Teacher;
  /** Collected before any row is deleted. */
  jobIds: string[];
  r2Keys: string[];
};

export type AccountCleanupStep = { name: string; run(cleanup: AccountCleanup): Promise<void> };

/** Every row of the teacher's, in one D1 batch (a transaction): children first, the teacher last. */
async function deleteRows({ db, teacher }: AccountCleanup) {
  const scope = forTeacher(db, teacher.id);
  const ids = <T extends typeof submissions | typeof sessions | typeof classes | typeof students>(table: T) =>
    db.select({ id: table.id }).from(table).where(scope.where(table));
  const email = teacher.email.toLowerCase();
  await db.batch([
    db.delete(questionResults).where(inArray(questionResults.submissionId, ids(submissions))),
    db.delete(gradeEdits).where(scope.where(gradeEdits)),
    db.delete(submissions).where(scope.where(submissions)),
    db.delete(gradingJobs).where(scope.where(gradingJobs)),
    db.delete(assignmentFiles).where(scope.where(assignmentFiles)),
    db.delete(conferenceItems).where(scope.where(conferenceItems)),
    db.delete(notes).where(scope.where(notes)),
    db.delete(notifications).where(scope.where(notifications)),
    db.delete(attendance).where(or(inArray(attendance.classId, ids(classes)), inArray(attendance.studentId, ids(students)))),
    db.delete(enrollments).where(or(inArray(enrollments.classId, ids(classes)), inArray(enrollments.studentId, ids(students)))),
    db.delete(assignments).where(scope.where(assignments)),
    db.delete(students).where(scope.where(students)),
    db.delete(classes).where(scope.where(classes)),
    db.delete(apiTokens).where(inArray(apiTokens.sessionId, ids(sessions))),
    db.delete(sessions).where(scope.where(sessions)),
    db.delete(accountTokens).where(identityOf(accountTokens, teacher.id)),
    db.delete(accessLog).where(scope.where(accessLog)),
    db.delete(mailOutbox).where(or(identityOf(mailOutbox, teacher.id), eq(mailOutbox.toAddress, email))),
    db.delete(googleTokens).where(ownedBy(googleTokens, teacher.id)),
    db.delete(settings).where(ownedBy(settings, teacher.id)),
    db.delete(loginAttempts).where(eq(loginAttempts.key, `account:${email}`)),
    db.delete(knownDevices).where(identityOf(knownDevices, teacher.id)),
    db
      .delete(rateLimits)
      .where(inArray(rateLimits.key, [`passwordReset:${email}`, `quicksnap:${teacher.id}`, `feedbackRewrite:${teacher.id}`])),
    // Messages sent through the contact form from the account's address.
    db.delete(contactMessages).where(eq(contactMessages.email, email)),
    db.delete(teachers).where(eq(teachers.id, teacher.id)),
  ]);
}

export const ACCOUNT_CLEANUP_STEPS: AccountCleanupStep[] = [
  {
    // Before the rows go: the sealed grant is needed to revoke it at Google (revocation needs no redirect URI).
    name: "google drive grant",
    run: ({ env, db, teacher }) => disconnectDrive(db, googleConfig(env), new Request("https://gradewell.invalid/"), teacher.id),
  },
  { name: "rows", run: deleteRows },
  { name: "grading job objects", run: ({ env, jobIds }) => eraseJobObjects(env, jobIds) },
  {
    name: "stored files",
    run: async ({ env, teacher, r2Keys }) => {
      await deletePrefix(env.UPLOADS, teacherKeyPrefix(teacher.id));
      await deleteObjects(env.UPLOADS, r2Keys); // any key stored outside the prefix
    },
  },
];

/** Deletes the account and all of its data. Answers false when there was no such teacher. */
export async function deleteAccount(env: Env, teacherId: string, steps = ACCOUNT_CLEANUP_STEPS): Promise<boolean> {
  const db = getDb(env.DB);
  const teacher = await db.query.teachers.findFirst({ where: eq(teachers.id, teacherId) });
  if (!teacher) return false;
  const scope = forTeacher(db, teacherId);
  const [jobs, files, items] = await Promise.all([
    db.select({ id: gradingJobs.id }).from(gradingJobs).where(scope.where(gradingJobs)),
    db.select({ key: assignmentFiles.r2Key }).from(assignmentFiles).where(scope.where(assignmentFiles)),
    db.select({ key: conferenceItems.r2Key }).from(conferenceItems).where(scope.where(conferenceItems)),
  ]);
  const cleanup: AccountCleanup = {
    env,
    db,
    teacher,
    jobIds: jobs.map((j) => j.id),
    r2Keys: [...files, ...items].flatMap((f) => (f.key ? [f.key] : [])),
  };
  for (const step of steps) await step.run(cleanup);
  return true;
}

/** Null when the typed e-mail (and the password, where the account has one) confirm the deletion, else why not. */
export async function verifyDeletionConfirmation(
  teacher: Teacher,
  typedEmail: string,
  password: string | undefined,
): Promise<string | null> {
  if (typedEmail.trim().toLowerCase() !== teacher.email.toLowerCase()) return "Type your account's e-mail address exactly to confirm.";
  if (teacher.passwordHash && !(await verifyPassword(password ?? "", teacher.passwordHash))) return "Current password is incorrect";
  return null;
}
