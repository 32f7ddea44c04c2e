// Sign-in and account tables (sessions, tokens, devices, mail, the access log, contact messages): part of the data
// model in core/db/schema.ts, which re-exports them, kept apart to keep each file readable.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ACCESS_ACTIONS, ACCOUNT_TOKEN_PURPOSES, API_TOKEN_KINDS, CONTACT_TYPES, SESSION_KINDS } from "../constants";
import { id, createdAt, teacherId, teachers } from "./schema-columns";

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    teacherId: teacherId(),
    kind: text("kind", { enum: SESSION_KINDS }).notNull(),
    // SHA-256 of the browser cookie's secret; API sessions authenticate through api_tokens instead.
    secretHash: text("secret_hash"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_teacher_idx").on(t.teacherId)],
);

export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: id(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: API_TOKEN_KINDS }).notNull(),
    secretHash: text("secret_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("api_tokens_session_idx").on(t.sessionId)],
);

export const loginAttempts = sqliteTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: integer("window_started_at", { mode: "timestamp_ms" }).notNull(),
});

/** Fixed-window counters for the expensive paths (app/server/rate-limit.server.ts). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStartedAt: integer("window_started_at", { mode: "timestamp_ms" }).notNull(),
});

/** Browsers a teacher signed in from (a device cookie's SHA-256): sign-in throttling spares them. */
export const knownDevices = sqliteTable(
  "known_devices",
  {
    id: id(),
    teacherId: teacherId(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("known_devices_teacher_idx").on(t.teacherId)],
);

export const contactMessages = sqliteTable("contact_messages", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  type: text("type", { enum: CONTACT_TYPES }).notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  ipHash: text("ip_hash"),
  createdAt: createdAt(),
});

/** Single-use links sent by e-mail (password reset, e-mail change): only SHA-256 of the secret is kept. */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    id: id(),
    teacherId: teacherId(),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    secretHash: text("secret_hash").notNull(),
    /** The address an e-mail change will switch to. */
    newEmail: text("new_email"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("account_tokens_teacher_idx").on(t.teacherId)],
);

/** The local outbox (MAIL_PROVIDER=outbox, the default): mail kept in D1, read at /dev/mail when running locally. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    /** The teacher the mail is about, so deleting the account deletes its mail too. */
    teacherId: text("teacher_id").references(() => teachers.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_teacher_idx").on(t.teacherId), index("mail_outbox_to_idx").on(t.toAddress)],
);

/**
 * Who viewed, exported, regraded, overrode or deleted which student's work, and when; kept one year.
 * student_id has no foreign key on purpose: the entry saying a student was deleted outlives the student.
 */
export const accessLog = sqliteTable(
  "access_log",
  {
    id: id(),
    teacherId: teacherId(),
    /** Who did it (the teacher's name and e-mail at the time). */
    actor: text("actor").notNull(),
    action: text("action", { enum: ACCESS_ACTIONS }).notNull(),
    studentId: text("student_id"),
    studentName: text("student_name").notNull().default(""),
    /** What was touched, in the teacher's words ("Fractions quiz: submission", "account export"). */
    target: text("target").notNull(),
    at: integer("at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("access_log_teacher_at_idx").on(t.teacherId, t.at), index("access_log_student_idx").on(t.studentId)],
);
