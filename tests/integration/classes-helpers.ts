// Helpers for the classes/students/conference integration tests: signed-in teachers and real graded work in D1.
import { env } from "cloudflare:workers";
import { SELF } from "cloudflare:test";
import { getDb } from "../../core/db/client";
import { assignmentFiles, assignments, questionResults, submissions } from "../../core/db/schema";
import { api, ORIGIN, postForm, registerTeacher, sessionCookieFrom } from "./helpers";

export async function signedInTeacher(name = "Test Teacher") {
  const registered = await registerTeacher({ name });
  const login = await postForm("/login", { email: registered.email, password: registered.password });
  return { ...registered, id: registered.user.id, token: registered.access_token, cookie: sessionCookieFrom(login) };
}

export async function page(path: string, cookie: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

/** Posts multipart form data the way a browser does (same origin). */
export async function postMultipart(path: string, form: FormData, cookie: string) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host },
    body: form,
    redirect: "manual",
  });
}

export async function createClassApi(token: string, body: Record<string, unknown> = {}) {
  const response = await api("/api/classes", {
    token,
    json: {
      name: "Period 1 Math",
      subject: "Mathematics",
      grade_level: "3",
      description: "",
      class_code: "",
      enrollment_method: "auto",
      students: [],
      ...body,
    },
  });
  if (response.status !== 201) throw new Error(`create class failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { class: { id: string; class_code: string } }).class;
}

export async function classStudents(token: string, classId: string) {
  const response = await api(`/api/classes/${classId}`, { token });
  return ((await response.json()) as { students: { id: string; name: string; email: string }[] }).students;
}

let seq = 0;
const id = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function seedAssignment(teacherId: string, classId: string | null, over: Partial<typeof assignments.$inferInsert> = {}) {
  const db = getDb(env.DB);
  const [row] = await db
    .insert(assignments)
    .values({
      id: id("a"),
      teacherId,
      classId,
      title: "Fractions quiz",
      subject: "Mathematics",
      assignmentType: "quiz",
      status: "Active",
      ...over,
    })
    .returning();
  return row;
}

export async function seedGraded(
  teacherId: string,
  studentId: string,
  assignmentId: string | null,
  percent: number,
  options: {
    status?: "graded" | "pending" | "missing";
    questions?: { n: string; awarded: number; possible: number; feedback?: string }[];
    file?: boolean;
    gradedAt?: Date;
  } = {},
) {
  const db = getDb(env.DB);
  let fileId: string | null = null;
  if (options.file) {
    fileId = id("f");
    const key = `teachers/${teacherId}/submissions/${fileId}/work.png`;
    await env.UPLOADS.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    await db.insert(assignmentFiles).values({
      id: fileId,
      teacherId,
      assignmentId,
      kind: "assignment",
      r2Key: key,
      fileName: "work.png",
      contentType: "image/png",
      size: 11,
    });
  }
  const status = options.status ?? "graded";
  const [row] = await db
    .insert(submissions)
    .values({
      id: id("s"),
      teacherId,
      assignmentId,
      studentId,
      fileId,
      status,
      percent: status === "graded" ? percent : null,
      score: status === "graded" ? percent / 10 : null,
      maxScore: status === "graded" ? 10 : null,
      gradedAt: status === "graded" ? (options.gradedAt ?? new Date()) : null,
    })
    .returning();
  for (const q of options.questions ?? []) {
    await db.insert(questionResults).values({
      id: id("q"),
      submissionId: row.id,
      questionNumber: q.n,
      pointsAwarded: q.awarded,
      pointsPossible: q.possible,
      feedback: q.feedback ?? "",
    });
  }
  return row;
}
