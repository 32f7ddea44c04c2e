// Teacher accounts: registration, sign-in with throttling, profile and password changes.
import { eq } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { settings, teachers, type Teacher } from "../../core/db/schema";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import { invalidateOtherSessions } from "./session.server";
import { clearSignInFailures, recordSignInFailure, rememberDevice, signInWaitMs, throttledMessage, throttleKeys } from "./throttle.server";
import { newId } from "./tokens.server";

export const DUPLICATE_EMAIL_MESSAGE = "An account with this email already exists.";
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

export type NewTeacher = {
  name: string;
  email: string;
  password: string;
  username?: string;
  schoolName?: string;
  state?: string;
  gradeLevel?: string;
};

export async function createTeacher(db: Db, input: NewTeacher): Promise<{ teacher: Teacher } | { error: string }> {
  const email = input.email.toLowerCase();
  const existing = await db.query.teachers.findFirst({ where: eq(teachers.email, email), columns: { id: true } });
  if (existing) return { error: DUPLICATE_EMAIL_MESSAGE };
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  try {
    const [teacher] = await db.batch([
      db
        .insert(teachers)
        .values({
          id,
          email,
          name: input.name,
          username: input.username || null,
          schoolName: input.schoolName || null,
          state: input.state || null,
          gradeLevel: input.gradeLevel || null,
          passwordHash,
        })
        .returning(),
      db.insert(settings).values({ teacherId: id }),
    ]);
    return { teacher: teacher[0]! };
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (String(error).includes("UNIQUE")) return { error: DUPLICATE_EMAIL_MESSAGE };
    throw error;
  }
}

// Verifying against a fixed hash when the account does not exist keeps the timing the same either way.
let dummyHash: Promise<string> | undefined;

/** `device`: the token for the device cookie (docs/decisions/0010-b). */
export type SignInResult = { teacher: Teacher; device: string } | { error: string; status: 401 | 429 };

export async function authenticate(
  db: Db,
  email: string,
  password: string,
  address: string,
  deviceToken: string | null = null,
): Promise<SignInResult> {
  const keys = await throttleKeys(db, email, address, deviceToken);
  const wait = await signInWaitMs(db, keys);
  if (wait > 0) return { error: throttledMessage(wait), status: 429 };
  const teacher = await db.query.teachers.findFirst({ where: eq(teachers.email, email.toLowerCase()) });
  const stored = teacher?.passwordHash ?? (await (dummyHash ??= hashPassword("not a real password")));
  const ok = await verifyPassword(password, stored);
  if (!teacher || !teacher.passwordHash || !ok) {
    await recordSignInFailure(db, keys);
    return { error: INVALID_CREDENTIALS_MESSAGE, status: 401 };
  }
  await clearSignInFailures(db, keys);
  // A hash made with older (cheaper) parameters is made again with today's, now that we hold the password.
  if (needsRehash(teacher.passwordHash)) {
    await db
      .update(teachers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(teachers.id, teacher.id));
  }
  return { teacher, device: await rememberDevice(db, teacher.id, deviceToken, keys) };
}

export async function updateProfile(
  db: Db,
  teacherId: string,
  fields: { name?: string; username?: string; schoolName?: string; state?: string; gradeLevel?: string },
) {
  const [teacher] = await db
    .update(teachers)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(teachers.id, teacherId))
    .returning();
  return teacher!;
}

/** Changes the password and ends every other session of the teacher. */
export async function changePassword(
  db: Db,
  auth: { teacher: Teacher; sessionId: string },
  currentPassword: string,
  newPassword: string,
): Promise<{ ok: true } | { error: string }> {
  const stored = auth.teacher.passwordHash;
  if (!stored || !(await verifyPassword(currentPassword, stored))) return { error: "Current password is incorrect" };
  await db
    .update(teachers)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
    .where(eq(teachers.id, auth.teacher.id));
  await invalidateOtherSessions(db, auth.teacher.id, auth.sessionId);
  return { ok: true };
}

/** The user object of the JSON API (spec section 7). */
export function toUserJson(teacher: Teacher) {
  return {
    id: teacher.id,
    email: teacher.email,
    name: teacher.name,
    username: teacher.username,
    school_name: teacher.schoolName,
    state: teacher.state,
    grade_level: teacher.gradeLevel,
    created_at: teacher.createdAt.toISOString(),
  };
}
