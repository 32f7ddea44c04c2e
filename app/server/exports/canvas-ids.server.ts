// The Canvas assignment id a teacher gives an assignment: Canvas exports then head its column 'Title (id)', which
// Canvas matches by id whatever the title is there.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../core/db/client";
import { forTeacher } from "../../../core/db/scoped";
import { assignments } from "../../../core/db/schema";
import { CANVAS_ID_PATTERN } from "./canvas.server";

export const CANVAS_ID_INVALID = "A Canvas assignment id is the number at the end of the assignment's address in Canvas.";

export const CanvasIdsBody = z.strictObject({
  canvas_ids: z
    .record(
      z.string().min(1).max(64),
      z
        .string()
        .trim()
        .refine((v) => v === "" || CANVAS_ID_PATTERN.test(v), CANVAS_ID_INVALID),
    )
    .refine((ids) => Object.keys(ids).length <= 500, "At most 500 assignments at once."),
});

/** Saves the ids; null when any assignment is missing or another teacher's (nothing is saved then). */
export async function setCanvasAssignmentIds(db: Db, teacherId: string, ids: Record<string, string>): Promise<number | null> {
  const scope = forTeacher(db, teacherId);
  const wanted = Object.keys(ids);
  const owned = await scope.ownedIds(assignments, wanted);
  if (wanted.some((id) => !owned.has(id))) return null;
  const updates = wanted.map((id) =>
    db
      .update(assignments)
      .set({ canvasAssignmentId: ids[id] || null, updatedAt: new Date() })
      .where(scope.where(assignments, eq(assignments.id, id))),
  );
  for (let i = 0; i < updates.length; i += 50) {
    const part = updates.slice(i, i + 50);
    if (part.length > 0) await db.batch(part as [(typeof part)[number], ...(typeof part)[number][]]);
  }
  return updates.length;
}
