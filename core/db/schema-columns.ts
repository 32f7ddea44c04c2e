// The columns every table shares and the teachers table they point at (core/db/schema.ts is the whole model).
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PLAN_IDS } from "../constants";

export const id = () => text("id").primaryKey();
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
export const teacherId = () =>
  text("teacher_id")
    .notNull()
    .references(() => teachers.id, { onDelete: "cascade" });

export const teachers = sqliteTable("teachers", {
  id: id(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  username: text("username"),
  schoolName: text("school_name"),
  state: text("state"),
  gradeLevel: text("grade_level"),
  // "<algorithm>$<params>$<salt>$<hash>" so the cost can change without breaking old hashes; null for Google-only accounts.
  passwordHash: text("password_hash"),
  googleSub: text("google_sub").unique(),
  /** The plan the teacher is on (app/lib/plans.ts); there is no payment, it is changed by hand. */
  plan: text("plan", { enum: PLAN_IDS }).notNull().default("starter"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
