// A class set read as a set, inside workerd with the real queue, reader and R2 (issue 30): four photographed
// copies of one worksheet whose questions wrap over two lines, with a multiple-choice question's options printed on
// their own line. The template is found from the third page; the first two, graded alone, are graded again against
// it; the fourth is read against it (its printed lines not recognised again). Every mark agrees with the teacher's.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startJob } from "../../app/server/jobs.server";
import { classSetPageKey, classSetTemplateKey } from "../../core/files/class-set-keys";
import manifest from "../fixtures/class-set/manifest.json";
import page1 from "../fixtures/class-set/wrapped-1.jpg";
import page2 from "../fixtures/class-set/wrapped-2.jpg";
import page3 from "../fixtures/class-set/wrapped-3.jpg";
import page4 from "../fixtures/class-set/wrapped-4.jpg";
import { api, registerTeacher, waitFor } from "./helpers";
import { seedJob } from "./seeded-jobs";

const PAGES = [page1, page2, page3, page4].map((p) => new Uint8Array(p as ArrayBuffer));

describe("a class set read as a set", { timeout: 240_000 }, () => {
  it("grades photographed pages of a worksheet with wrapped questions and options on their own line, every mark right", async () => {
    const { user, access_token: token } = await registerTeacher();
    const files = PAGES.map((bytes, i) => ({ name: `scan-${i + 1}.jpg`, bytes }));
    const { jobId, assignmentId, submissionIds } = await seedJob(user.id, files, {
      prefix: "cs-",
      key: manifest.key,
      points: manifest.points,
    });
    // One page at a time, in order, as a teacher's pages arrive: the template can only come from pages read.
    for (const id of submissionIds) {
      await startJob(env, { jobId, teacherId: user.id, submissionIds: [id] });
      await waitFor(async () => {
        const row = await env.DB.prepare("SELECT status FROM submissions WHERE id = ?").bind(id).first<{ status: string }>();
        return row?.status === "graded" || row?.status === "failed" ? row : null;
      }, `page ${id} to be graded`);
    }

    const template = await env.UPLOADS.get(classSetTemplateKey(user.id, assignmentId));
    expect(template).not.toBeNull();
    const kept = (await template!.json()) as { pages: number; residual: number; words: { text: string }[] };
    expect(kept.pages).toBeGreaterThanOrEqual(3);
    expect(kept.residual).toBeLessThan(0.5);
    // Nothing a student wrote is kept in the template.
    for (const page of manifest.pages) expect(kept.words.map((w) => w.text)).not.toContain(page.student.split(" ")[1]);

    const body = (await (await api(`/api/assignments/${assignmentId}`, { token })).json()) as { assignment: any };
    for (const [i, page] of manifest.pages.entries()) {
      const paper = body.assignment.submissions.find((s: any) => s.id === submissionIds[i]);
      expect(paper.student, page.file).toBe(page.student);
      const marks = Object.fromEntries(paper.questions.map((q: any) => [q.number, q.points]));
      expect(marks, `${page.student}: ${JSON.stringify(paper.questions.map((q: any) => q.answer))}`).toEqual(
        Object.fromEntries(Object.entries(page.expected).map(([n, p]) => [n, p])),
      );
      // The options line is print: never an answer.
      for (const q of paper.questions) expect(String(q.answer ?? "")).not.toMatch(/A\)\s*Asia/);
      // Each answer read has its crop, cut from the page (the first pages' cut again after their regrade).
      for (const q of paper.questions.filter((q: any) => q.answer)) {
        expect(q.crop_url, `${page.student} question ${q.number}`).toBe(`/api/submissions/${paper.id}/questions/${q.number}/crop`);
      }
    }

    // A crop is a small PNG of one answer, wider than tall, served to its teacher only.
    const first = body.assignment.submissions.find((s: any) => s.id === submissionIds[0]);
    const cropUrl = first.questions.find((q: any) => q.crop_url).crop_url as string;
    const crop = await api(cropUrl, { token });
    expect(crop.status).toBe(200);
    expect(crop.headers.get("Content-Type")).toBe("image/png");
    const png = new Uint8Array(await crop.arrayBuffer());
    const view = new DataView(png.buffer);
    const [width, height] = [view.getUint32(16), view.getUint32(20)];
    expect(width).toBeGreaterThan(height);
    expect(height).toBeLessThan(250);
    const again = await api(cropUrl, { token, headers: { "If-None-Match": crop.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    const stranger = await registerTeacher();
    expect((await api(cropUrl, { token: stranger.access_token })).status).toBe(404);
    const single = (await (await api(`/api/submissions/${first.id}`, { token })).json()) as { submission: any };
    expect(single.submission.questions.find((q: any) => q.crop_url === cropUrl)).toBeTruthy();
    // The pages graded before the template were graded again against it; their stored words are still there
    // (the template settles at 8 pages), and no paper is left marked as read alone.
    const flags = await env.DB.prepare("SELECT flags FROM submissions WHERE assignment_id = ?").bind(assignmentId).all<{ flags: string }>();
    for (const row of flags.results) expect(JSON.parse(row.flags)).not.toContain("read_alone");
    expect(await env.UPLOADS.head(classSetPageKey(user.id, assignmentId, submissionIds[0]!))).not.toBeNull();
  });
});
