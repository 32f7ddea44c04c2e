// A grading job seeded straight into D1 and R2 (one assignment with a key, its files and submissions), for the
// tests that drive the real queue, grading worker and Durable Object from a known starting point.
import { env } from "cloudflare:workers";
import { PDFDocument, StandardFonts } from "pdf-lib";

export const KEY = "1. 96\n2. 1\n3. 1/2\n4. 83";

/** A graded question as GET /api/assignments/{id} answers it, under each submission. */
export interface GradedQuestion {
  number: number | string;
  answer: string | null;
  points: number;
  points_possible: number;
  confidence: number;
  needs_review: boolean;
  review_reason: string | null;
  reason?: string;
}

/** A typed worksheet PDF: the student's name, then the numbered answers. */
export async function worksheetPdf(name: string, answers: string[]): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [`Name: ${name}`, "Math check-in", ...answers.map((a, i) => `${i + 1}. ${a}`)];
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 24, size: 14, font }));
  return new Uint8Array(await pdf.save());
}

let counter = 0;

/** An assignment (in `classId`, if given) with a job 'processing' and one submission per file; not yet started. */
export async function seedJob(
  teacherId: string,
  files: { name: string; bytes: Uint8Array<ArrayBuffer> }[],
  { prefix = "", classId = null, key = KEY, points = 8 }: { prefix?: string; classId?: string | null; key?: string; points?: number } = {},
) {
  counter += 1;
  const assignmentId = `${prefix}asg-${teacherId}-${counter}`;
  const jobId = `${prefix}job-${teacherId}-${counter}`;
  await env.DB.prepare(
    "INSERT INTO assignments (id, teacher_id, class_id, title, points, grade_level, answer_key_text, has_answer_key, status) VALUES (?, ?, ?, 'Check-in', ?, '5', ?, 1, 'Active')",
  )
    .bind(assignmentId, teacherId, classId, points, key)
    .run();
  await env.DB.prepare(
    "INSERT INTO grading_jobs (id, teacher_id, assignment_id, kind, status, total) VALUES (?, ?, ?, 'assignment', 'processing', ?)",
  )
    .bind(jobId, teacherId, assignmentId, files.length)
    .run();
  const submissionIds: string[] = [];
  const keys: string[] = [];
  for (const [i, file] of files.entries()) {
    const fileId = `${jobId}-f${i}`;
    const key = `teachers/${teacherId}/assignments/${fileId}/${file.name}`;
    await env.UPLOADS.put(key, file.bytes);
    await env.DB.prepare(
      "INSERT INTO assignment_files (id, teacher_id, assignment_id, kind, r2_key, file_name, content_type, size) VALUES (?, ?, ?, 'assignment', ?, ?, 'application/pdf', ?)",
    )
      .bind(fileId, teacherId, assignmentId, key, file.name, file.bytes.byteLength)
      .run();
    const submissionId = `${jobId}-s${i}`;
    await env.DB.prepare(
      "INSERT INTO submissions (id, teacher_id, assignment_id, job_id, file_id, student_name, flags) VALUES (?, ?, ?, ?, ?, ?, '[\"name_from_file\"]')",
    )
      .bind(submissionId, teacherId, assignmentId, jobId, fileId, file.name.replace(/\.pdf$/, ""))
      .run();
    submissionIds.push(submissionId);
    keys.push(key);
  }
  return { jobId, assignmentId, submissionIds, keys };
}
