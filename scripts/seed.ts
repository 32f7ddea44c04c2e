// `npm run db:seed`: the living demo. A demo teacher with three classes, their rosters and six weeks of
// assignments whose students' work is real rendered worksheets (tests/fixtures/corpus), stored in the local
// D1 and R2 exactly as an upload would store them, waiting to be graded.
//
// `--grade-at <url>` (run by `npm start` once the server answers): signs in as the demo teacher and asks the
// real API to process every demo assignment that still has ungraded work, so the grading worker grades it.
// No grade is ever written here: every score comes from the grader reading the pages.
//
// Idempotent: fixed ids, INSERT ... ON CONFLICT DO NOTHING, pages only rendered when missing from R2.
// Never part of a migration. docs/decisions/0012-living-demo-and-dashboard-figures.md
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { getDb } from "../core/db/client";
import { assignmentFiles, assignments, classes, enrollments, settings, students, submissions, teachers } from "../core/db/schema";
import { hashPassword } from "../app/server/password.server";
import { renderWorksheetImage } from "../tests/fixtures/corpus/worksheets";
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
      ...DEMO_ASSIGNMENTS.map((a) => {
        const due = now - a.weeksAgo * 7 * DAY - DAY;
        return db
          .insert(assignments)
          .values({
            id: a.id,
            teacherId,
            classId: a.classId,
            title: a.title,
            description: `${a.title} for ${DEMO_CLASSES.find((c) => c.id === a.classId)!.name}`,
            assignmentType: a.type,
            subject: DEMO_CLASSES.find((c) => c.id === a.classId)!.subject,
            gradeLevel: "7",
            dueDate: new Date(due),
            points: a.points,
            status: "Draft",
            processingMode: "later",
            hasAnswerKey: true,
            autoDetectStandards: false,
            useManualStandards: true,
            selectedStandards: a.standards,
            answerKeyText: answerKey(a),
            createdAt: new Date(due - 5 * DAY),
            updatedAt: new Date(due - 5 * DAY),
          })
          .onConflictDoNothing();
      }),
    ];
    await db.batch(rows as unknown as Parameters<typeof db.batch>[0]);

    // The pages: rendered and stored only when missing, so a second run costs nothing. Three at a time: the
    // image encoding runs on libuv's threads, so both cores help.
    const work = demoWork();
    let rendered = 0;
    const store = async (w: (typeof work)[number]) => {
      const key = `teachers/${teacherId}/assignments/${w.assignment.id}/batch/${w.fileId}/${encodeURIComponent(w.fileName)}`;
      const due = now - w.assignment.weeksAgo * 7 * DAY - DAY;
      let size = (await proxy.env.UPLOADS.head(key))?.size;
      if (size === undefined) {
        const bytes = await renderWorksheetImage(w.lines, w.quality, w.submissionId.length, CLEAN_AS_JPEG[w.quality]);
        await proxy.env.UPLOADS.put(key, bytes, {
          httpMetadata: { contentType: "image/jpeg" },
          customMetadata: { teacherId, assignmentId: w.assignment.id, fileName: w.fileName },
        });
        size = bytes.byteLength;
        rendered++;
      }
      await db.batch([
        db
          .insert(assignmentFiles)
          .values({
            id: w.fileId,
            teacherId,
            assignmentId: w.assignment.id,
            kind: "batch",
            r2Key: key,
            fileName: w.fileName,
            contentType: "image/jpeg",
            size,
            createdAt: new Date(due - DAY),
          })
          .onConflictDoNothing(),
        db
          .insert(submissions)
          .values({
            id: w.submissionId,
            teacherId,
            assignmentId: w.assignment.id,
            studentId: w.student.id,
            studentName: w.student.name,
            fileId: w.fileId,
            maxScore: w.assignment.points,
            createdAt: new Date(due - DAY),
            updatedAt: new Date(due - DAY),
          })
          .onConflictDoNothing(),
      ]);
    };
    const queue = [...work];
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let w = queue.shift(); w; w = queue.shift()) await store(w);
      }),
    );
    console.log(
      `Seeded the demo teacher: ${DEMO_EMAIL} / ${DEMO_PASSWORD} (${DEMO_CLASSES.length} classes, ${DEMO_STUDENTS.length} students, ` +
        `${DEMO_ASSIGNMENTS.length} assignments, ${work.length} pages of student work, ${rendered} rendered now)`,
    );
  } finally {
    await proxy.dispose();
  }
}

/** Phase two: the running app grades the demo work through its own API, as a teacher pressing "process" would. */
async function gradeAt(base: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!login.ok) {
    console.log(`Demo grading skipped: the demo teacher could not sign in (${login.status}).`);
    return;
  }
  const { access_token: token } = (await login.json()) as { access_token: string };
  let started = 0;
  // Oldest first, as a teacher catching up would.
  for (const a of [...DEMO_ASSIGNMENTS].sort((x, y) => y.weeksAgo - x.weeksAgo)) {
    // wrangler dev may restart a worker while it warms up (503): asking again is safe, a running job is answered.
    let res = new Response(null, { status: 503 });
    for (let attempt = 0; attempt < 4 && res.status === 503; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 2000));
      res = await fetch(`${base}/api/document-ai/process/assignment/${a.id}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
      }).catch(() => new Response(null, { status: 503 }));
    }
    if (res.status === 202 || res.status === 200) started++;
    else if (res.status !== 200 && res.status !== 409 && res.status !== 404) {
      console.log(`Demo grading of ${a.title} did not start: ${res.status} ${await res.text()}`);
    }
  }
  await fetch(`${base}/api/auth/logout`, { method: "POST", headers: { Authorization: `Bearer ${token}` } }).catch(() => {});
  if (started) console.log(`Grading the demo work: ${started} assignments queued.`);
}

const url = arg("--grade-at");
if (url) await gradeAt(url);
else await seed(arg("--persist-to") ?? ".wrangler/state");
