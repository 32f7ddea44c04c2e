// `npm run db:seed`: the living demo, in two steps.
//
// 1. (before the server starts) The demo teacher, three classes and their rosters, written to the local D1
//    (fixed ids, INSERT ... ON CONFLICT DO NOTHING).
// 2. `--grade-at <url>` (run by `npm start` once the server answers): signs in as the demo teacher and, through
//    the real API, uploads six weeks of assignments whose students' work is real rendered worksheets
//    (tools/worksheets), newest first, and asks for each to be processed, so the grading worker grades it.
//    An assignment already there (same title in the same class) is not uploaded again.
//
// No grade is ever written here: every score comes from the grader reading the pages. Rendering happens after
// the server is up, so a teacher can sign in while the pages are still being made.
// docs/decisions/0012-living-demo-and-dashboard-figures.md
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { getDb } from "../../core/db/client";
import { classes, enrollments, settings, students, teachers } from "../../core/db/schema";
import { hashPassword } from "../../app/server/password.server";
import { renderWorksheetImage } from "../../tools/worksheets/worksheets";
import {
  answerKey,
  DEMO_ASSIGNMENTS,
  DEMO_CLASSES,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_STUDENTS,
  DEMO_TEACHER_ID,
  demoWork,
} from "./demo/content";

export { DEMO_EMAIL, DEMO_PASSWORD };

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const DAY = 86_400_000;
/** A clean scan is stored as a JPEG like the rest (PNG encoding of a full page costs about 0.5 s). */
const CLEAN_AS_JPEG = { clean: { format: "jpeg", jpegQuality: 90 }, photo: undefined, poor: undefined } as const;

/** Phase one: rows and pages, with nothing running. */
async function seed(persist: string) {
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(persist, "v3") } });
  try {
    const db = getDb(proxy.env.DB);
    const teacherId = DEMO_TEACHER_ID;
    const existing = await db.query.teachers.findFirst({ where: (t, { eq }) => eq(t.id, teacherId) });
    const now = Date.now();
    const rows = [
      db
        .insert(teachers)
        .values({
          id: teacherId,
          email: DEMO_EMAIL,
          name: "Dana Rivera",
          username: "drivera",
          schoolName: "Maple Grove Middle School",
          state: "OR",
          gradeLevel: "7th Grade",
          // The demo shows every feature, analytics among them (Professional, docs/decisions/0017).
          plan: "professional",
          passwordHash: existing?.passwordHash ?? (await hashPassword(DEMO_PASSWORD)),
        })
        .onConflictDoNothing(),
      db.insert(settings).values({ teacherId }).onConflictDoNothing(),
      ...DEMO_CLASSES.map((c) =>
        db
          .insert(classes)
          .values({
            id: c.id,
            teacherId,
            name: c.name,
            subject: c.subject,
            gradeLevel: "7",
            description: c.description,
            classCode: c.code,
            enrollmentMethod: "manual",
            createdAt: new Date(now - 45 * DAY),
          })
          .onConflictDoNothing(),
      ),
      ...DEMO_STUDENTS.map((s, i) => {
        const [first, last] = s.name.toLowerCase().split(" ");
        return db
          .insert(students)
          .values({
            id: s.id,
            teacherId,
            name: s.name,
            email: `${first}.${last}@students.maplegrove.example`,
            studentNumber: `S${1000 + i}`,
            gradeLevel: "7",
            parentContact: `Parent of ${s.name.split(" ")[0]} · (503) 555-01${String(10 + i)}`,
          })
          .onConflictDoNothing();
      }),
      ...DEMO_STUDENTS.flatMap((s) =>
        s.classes.map((classId) => db.insert(enrollments).values({ classId, studentId: s.id }).onConflictDoNothing()),
      ),
    ];
    await db.batch(rows as unknown as Parameters<typeof db.batch>[0]);

    console.log(
      `Seeded the demo teacher: ${DEMO_EMAIL} / ${DEMO_PASSWORD} (${DEMO_CLASSES.length} classes, ${DEMO_STUDENTS.length} students; ` +
        `their work is uploaded and graded once the app runs)`,
    );
  } finally {
    await proxy.dispose();
  }
}

/** Phase two: the running app receives the demo work through its own API, as a teacher's upload would. */
async function gradeAt(base: string) {
  let token = "";
  const signIn = async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    if (login.ok) token = ((await login.json()) as { access_token: string }).access_token;
    return login.ok;
  };
  if (!(await signIn())) {
    console.log("Demo work skipped: the demo teacher could not sign in (was the password changed?).");
    return;
  }
  /** The API as the demo teacher; an expired access token is replaced by signing in again. */
  const call = async (path: string, init: RequestInit = {}) => {
    const send = () => retry(() => fetch(`${base}${path}`, { ...init, headers: { Authorization: `Bearer ${token}` } }));
    const res = await send();
    return res.status === 401 && (await signIn()) ? send() : res;
  };
  const listed = (await (await call("/api/assignments")).json()) as {
    assignments: { id: string; title: string; class_id: string | null }[];
  };
  const work = demoWork();
  const now = Date.now();
  const ids: { id: string; title: string }[] = [];
  // Newest first: this week's work is graded first.
  for (const a of [...DEMO_ASSIGNMENTS].sort((x, y) => x.weeksAgo - y.weeksAgo)) {
    let id = listed.assignments.find((row) => row.title === a.title && row.class_id === a.classId)?.id;
    if (!id) {
      const form = new FormData();
      const klass = DEMO_CLASSES.find((c) => c.id === a.classId)!;
      const fields: Record<string, string> = {
        title: a.title,
        description: `${a.title} for ${klass.name}`,
        classId: a.classId,
        subject: klass.subject,
        gradeLevel: "7",
        assignmentType: a.type,
        points: String(a.points),
        dueDate: new Date(now - a.weeksAgo * 7 * DAY - DAY).toISOString(),
        hasAnswerKey: "true",
        answerKeyText: answerKey(a),
        useManualStandards: "true",
        selectedStandards: JSON.stringify(a.standards),
        processingMode: "later",
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const pages = work.filter((w) => w.assignment.id === a.id);
      const images = await Promise.all(
        pages.map((w) => renderWorksheetImage(w.lines, w.quality, w.submissionId.length, CLEAN_AS_JPEG[w.quality])),
      );
      pages.forEach((w, i) => form.append("batch_files", new File([new Uint8Array(images[i])], w.fileName, { type: "image/jpeg" })));
      const created = await call("/api/assignments", { method: "POST", body: form });
      if (created.status !== 201) {
        console.log(`Demo assignment ${a.title} was not created: ${created.status} ${await created.text()}`);
        continue;
      }
      id = ((await created.json()) as { assignment_id: string }).assignment_id;
    }
    ids.push({ id, title: a.title });
  }
  // One job at a time, each waiting for the one before: the same order a teacher working through the week would
  // see, and no two jobs compete for the one local grading thread.
  let graded = 0;
  for (const { id, title } of ids) {
    const res = await call(`/api/document-ai/process/assignment/${id}`, { method: "POST" });
    if (res.status === 409) continue;
    if (res.status !== 200 && res.status !== 202) {
      console.log(`Demo grading of ${title} did not start: ${res.status} ${await res.text()}`);
      continue;
    }
    const { job_id: jobId } = (await res.json()) as { job_id: string };
    for (let i = 0; i < 600; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const status = await call(`/api/v2/grading/job/${jobId}`).then((r) => (r.ok ? (r.json() as Promise<{ status: string }>) : null));
      if (status && status.status !== "processing") break;
    }
    graded++;
  }
  if (graded) console.log(`Demo work graded: ${graded} assignments.`);
  await call("/api/auth/logout", { method: "POST" });
}

/** wrangler dev may restart a worker while it warms up (503): the request is sent again. */
async function retry(send: () => Promise<Response>) {
  let res = new Response(null, { status: 503 });
  for (let attempt = 0; attempt < 4 && res.status === 503; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 2000));
    res = await send().catch(() => new Response(null, { status: 503 }));
  }
  return res;
}

const url = arg("--grade-at");
if (url) await gradeAt(url);
else await seed(arg("--persist-to") ?? ".wrangler/state");
