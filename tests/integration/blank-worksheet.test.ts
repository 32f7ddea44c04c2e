// A class set with the teacher's blank worksheet (docs/decisions/0041), inside workerd with the real queue, reader
// and R2: the blank, snapped by a phone, is read once and is the set's template before the first page is read. The
// photographed pages, graded one by one in order, are each read against it from the first: every mark agrees with
// the teacher's, none is read alone, and no student's words are kept to find a template from. A blank that is no
// photographed page (a typed PDF: no word boxes) leaves the set as without one, and the teacher is told why.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startJob } from "../../app/server/jobs.server";
import { classSetBlankKey, classSetPageKey, classSetTemplateKey } from "../../core/files/class-set-keys";
import { BLANK_UNREADABLE } from "../../workers/grading/blank-worksheet";
import manifest from "../fixtures/class-set/manifest.json";
import page1 from "../fixtures/class-set/wrapped-1.jpg";
import page2 from "../fixtures/class-set/wrapped-2.jpg";
import page3 from "../fixtures/class-set/wrapped-3.jpg";
import page4 from "../fixtures/class-set/wrapped-4.jpg";
import blankPhoto from "../fixtures/class-set/wrapped-blank.jpg";
import { api, registerTeacher, waitFor } from "./helpers";
import { seedJob, worksheetPdf } from "./seeded-jobs";

const PAGES = [page1, page2, page3, page4].map((p) => new Uint8Array(p as ArrayBuffer));

async function addBlank(teacherId: string, assignmentId: string, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  const id = `blank-${assignmentId}`;
  const r2Key = `teachers/${teacherId}/assignments/${assignmentId}/blank_worksheet/${id}/blank`;
  await env.UPLOADS.put(r2Key, bytes);
  await env.DB.prepare(
    "INSERT INTO assignment_files (id, teacher_id, assignment_id, kind, r2_key, file_name, content_type, size) VALUES (?, ?, ?, 'blank_worksheet', ?, 'blank', ?, ?)",
  )
    .bind(id, teacherId, assignmentId, r2Key, contentType, bytes.byteLength)
    .run();
  return id;
}

async function gradeInOrder(teacherId: string, jobId: string, ids: string[]) {
  for (const id of ids) {
    await startJob(env, { jobId, teacherId, submissionIds: [id] });
    await waitFor(async () => {
      const row = await env.DB.prepare("SELECT status FROM submissions WHERE id = ?").bind(id).first<{ status: string }>();
      return row?.status === "graded" || row?.status === "failed" ? row : null;
    }, `page ${id} to be graded`);
  }
}

async function marksOf(token: string, assignmentId: string, submissionId: string) {
  const body = (await (await api(`/api/assignments/${assignmentId}`, { token })).json()) as { assignment: any };
  const paper = body.assignment.submissions.find((s: any) => s.id === submissionId);
  return Object.fromEntries(paper.questions.map((q: any) => [q.number, q.points]));
}

const flagsOf = async (assignmentId: string) =>
  (await env.DB.prepare("SELECT flags FROM submissions WHERE assignment_id = ?").bind(assignmentId).all<{ flags: string }>()).results.map(
    (r) => JSON.parse(r.flags) as string[],
  );

describe("a class set with the teacher's blank worksheet", { timeout: 240_000 }, () => {
  it("reads every page against the blank's template from the first page on, every mark right, none read alone", async () => {
    const { user, access_token: token } = await registerTeacher();
    const files = PAGES.map((bytes, i) => ({ name: `scan-${i + 1}.jpg`, bytes }));
    const { jobId, assignmentId, submissionIds } = await seedJob(user.id, files, {
      prefix: "bw-",
      key: manifest.key,
      points: manifest.points,
    });
    const blankId = await addBlank(user.id, assignmentId, new Uint8Array(blankPhoto as ArrayBuffer), "image/jpeg");

    // The first page alone: the template is the blank's, and the page was read against it.
    await gradeInOrder(user.id, jobId, submissionIds.slice(0, 1));
    const template = (await (await env.UPLOADS.get(classSetTemplateKey(user.id, assignmentId)))!.json()) as {
      blank?: string;
      pages: number;
      words: { text: string }[];
    };
    expect(template.blank).toBe(blankId);
    // Every printed word of the sheet, and nothing a student wrote (the blank has no name nor answers).
    const printed = template.words.map((w) => w.text.toLowerCase()).join(" ");
    for (const word of ["name", "egypt", "asia", "europe", "africa", "bees", "centimeters"]) expect(printed).toContain(word);
    for (const page of manifest.pages) expect(printed).not.toContain(page.student.split(" ")[1]!.toLowerCase());
    const first = await env.DB.prepare("SELECT flags FROM submissions WHERE id = ?").bind(submissionIds[0]).first<{ flags: string }>();
    expect(JSON.parse(first!.flags)).not.toContain("read_alone");
    expect(await marksOf(token, assignmentId, submissionIds[0]!)).toEqual(manifest.pages[0]!.expected);

    await gradeInOrder(user.id, jobId, submissionIds.slice(1));
    const body = (await (await api(`/api/assignments/${assignmentId}`, { token })).json()) as { assignment: any };
    for (const [i, page] of manifest.pages.entries()) {
      const paper = body.assignment.submissions.find((s: any) => s.id === submissionIds[i]);
      expect(paper.student, page.file).toBe(page.student);
      const marks = Object.fromEntries(paper.questions.map((q: any) => [q.number, q.points]));
      expect(marks, `${page.student}: ${JSON.stringify(paper.questions.map((q: any) => q.answer))}`).toEqual(page.expected);
      for (const q of paper.questions) expect(String(q.answer ?? "")).not.toMatch(/A\)\s*Asia/);
      expect(paper.review_notes).not.toContain(BLANK_UNREADABLE);
    }
    for (const flags of await flagsOf(assignmentId)) expect(flags).not.toContain("read_alone");
    // The blank's template is settled at once: no page's words were kept to find another from them.
    for (const id of submissionIds) expect(await env.UPLOADS.head(classSetPageKey(user.id, assignmentId, id))).toBeNull();
    const kept = (await (await env.UPLOADS.get(classSetTemplateKey(user.id, assignmentId)))!.json()) as { blank?: string };
    expect(kept.blank).toBe(blankId);
  });

  it("falls back to the pages when the blank cannot be read as a photographed page, and says so", async () => {
    const { user, access_token: token } = await registerTeacher();
    const { jobId, assignmentId, submissionIds } = await seedJob(user.id, [{ name: "scan-1.jpg", bytes: PAGES[0]! }], {
      prefix: "bw-",
      key: manifest.key,
      points: manifest.points,
    });
    // A typed PDF: its text has no word boxes to register a photo onto.
    const blankId = await addBlank(user.id, assignmentId, await worksheetPdf("", ["", ""]), "application/pdf");
    await gradeInOrder(user.id, jobId, submissionIds);

    expect(await env.UPLOADS.head(classSetTemplateKey(user.id, assignmentId))).toBeNull();
    const outcome = (await (await env.UPLOADS.get(classSetBlankKey(user.id, assignmentId)))!.json()) as { fileId: string };
    expect(outcome.fileId).toBe(blankId);
    const body = (await (await api(`/api/assignments/${assignmentId}`, { token })).json()) as { assignment: any };
    const [paper] = body.assignment.submissions;
    expect(paper.needs_review).toBe(true);
    expect(paper.review_notes).toContain(BLANK_UNREADABLE);
    // Graded as without a blank: the page is kept to find the template from the pages, and read alone meanwhile.
    expect(await env.UPLOADS.head(classSetPageKey(user.id, assignmentId, submissionIds[0]!))).not.toBeNull();
    expect(await flagsOf(assignmentId)).toEqual([expect.arrayContaining(["read_alone"])]);
  });
});
