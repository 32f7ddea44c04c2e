// What QuickSnap grades a photo against: one of the teacher's recent assignments that has a key (or rubric), or
// no key at all ("no key: check what can be checked", docs/decisions/0033-quicksnap-without-a-key.md).
import { desc, eq, or } from "drizzle-orm";
import type { Db } from "../../core/db/client";
import { assignments } from "../../core/db/schema";
import { forTeacher } from "../../core/db/scoped";
import { findAssignment } from "./assignments.server";

import { NO_KEY } from "~/lib/quicksnap-choices";
const RECENT = 8;

/** The teacher's most recent assignments that can be graded against: their answer key or rubric. */
export async function quickSnapChoices(db: Db, teacherId: string) {
  const rows = await db
    .select({ id: assignments.id, title: assignments.title })
    .from(assignments)
    .where(forTeacher(db, teacherId).where(assignments, or(eq(assignments.hasAnswerKey, true), eq(assignments.hasRubric, true))))
    .orderBy(desc(assignments.createdAt))
    .limit(RECENT);
  return rows;
}

/** The chosen assignment's id, null for "no key", or undefined when the id is not one of the teacher's. */
export async function quickSnapAssignment(db: Db, teacherId: string, chosen: string | null | undefined) {
  const value = (chosen ?? "").trim() || NO_KEY;
  if (value === NO_KEY) return null;
  const assignment = await findAssignment(db, teacherId, value);
  return assignment ? assignment.id : undefined;
}
