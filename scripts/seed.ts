// `npm run db:seed`: a demo teacher with classes, students and assignments, so a newcomer sees a living app.
// Idempotent (fixed ids, INSERT ... ON CONFLICT DO NOTHING); never part of a migration. No grades are invented:
// grades only ever come from grading real work.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../app/server/password.server";

export const DEMO_EMAIL = "demo@gradewell.app";
export const DEMO_PASSWORD = "gradewell-demo";

const persistIndex = process.argv.indexOf("--persist-to");
const persist = persistIndex > 0 ? process.argv[persistIndex + 1] : ".wrangler/state";

const q = (value: string | number | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;
const insert = (table: string, row: Record<string, string | number | null>) =>
  `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(q).join(", ")}) ON CONFLICT DO NOTHING;`;

const teacherId = "demo-teacher";
const now = Date.now();
const day = 86_400_000;
const statements: string[] = [
  insert("teachers", {
    id: teacherId,
    email: DEMO_EMAIL,
    name: "Dana Rivera",
    username: "drivera",
    school_name: "Maple Grove Middle School",
    state: "OR",
    grade_level: "7th Grade",
    password_hash: await hashPassword(DEMO_PASSWORD),
  }),
  insert("settings", { teacher_id: teacherId }),
];

const classList = [
  { id: "demo-class-math", name: "Math 7 - Period 2", subject: "Mathematics", grade: "7", code: "MATH72" },
  { id: "demo-class-sci", name: "Life Science - Period 4", subject: "Science", grade: "7", code: "SCI7P4" },
];
for (const c of classList) {
  statements.push(
    insert("classes", {
      id: c.id,
      teacher_id: teacherId,
      name: c.name,
      subject: c.subject,
      grade_level: c.grade,
      description: `${c.subject} for seventh graders`,
      class_code: c.code,
      enrollment_method: "manual",
    }),
  );
}

const studentNames = ["Ava Thompson", "Liam Chen", "Sofia Patel", "Noah Williams", "Mia Garcia", "Ethan Brooks", "Zoe Kim", "Lucas Nguyen"];
studentNames.forEach((name, i) => {
  const id = `demo-student-${i + 1}`;
  const [first, last] = name.toLowerCase().split(" ");
  statements.push(
    insert("students", {
      id,
      teacher_id: teacherId,
      name,
      email: `${first}.${last}@students.maplegrove.example`,
      student_number: `S${1000 + i}`,
      grade_level: "7",
      parent_contact: `Parent of ${name.split(" ")[0]} · (503) 555-01${String(10 + i)}`,
    }),
    insert("enrollments", { class_id: "demo-class-math", student_id: id }),
  );
  if (i % 2 === 0) statements.push(insert("enrollments", { class_id: "demo-class-sci", student_id: id }));
});

const assignmentList = [
  {
    id: "demo-assignment-fractions",
    class_id: "demo-class-math",
    title: "Fractions and Decimals Quiz",
    assignment_type: "quiz",
    subject: "Mathematics",
    status: "Active",
    points: 10,
    due: now + 3 * day,
    key: "1. 3/4\n2. 0.75\n3. 12\n4. 5/6\n5. 2.5",
  },
  {
    id: "demo-assignment-cells",
    class_id: "demo-class-sci",
    title: "Cell Structure Homework",
    assignment_type: "homework",
    subject: "Science",
    status: "Draft",
    points: 20,
    due: now + 7 * day,
    key: "1. nucleus\n2. mitochondria\n3. cell membrane\n4. chloroplast",
  },
];
for (const a of assignmentList) {
  statements.push(
    insert("assignments", {
      id: a.id,
      teacher_id: teacherId,
      class_id: a.class_id,
      title: a.title,
      assignment_type: a.assignment_type,
      subject: a.subject,
      grade_level: "7",
      status: a.status,
      points: a.points,
      due_date: a.due,
      has_answer_key: 1,
      answer_key_text: a.key,
    }),
  );
}

const dir = mkdtempSync(join(tmpdir(), "gradewell-seed-"));
const file = join(dir, "seed.sql");
writeFileSync(file, statements.join("\n"));
const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persist!, "--file", file], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
});
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`Seeded the demo teacher: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
