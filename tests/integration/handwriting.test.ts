// A photographed worksheet answered by hand, graded inside workerd with the real queue and reader (issue 31): six
// sums typed in black, each answered in pencil with real handwritten digits (MNIST's allowed part, dev split;
// scripts/handwriting/write-fixture.ts), three answers right and three a close slip. The handwriting reader joins
// PP-OCR on the answers; every mark either agrees with the teacher or is flagged at its question with both
// readings shown, and no wrong answer is marked right without a flag.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startJob } from "../../app/server/jobs.server";
import manifest from "../fixtures/handwriting/manifest.json";
import photo from "../fixtures/handwriting/photo.jpg";
import { api, registerTeacher, waitFor } from "./helpers";
import { seedJob, type GradedQuestion } from "./seeded-jobs";

describe("a photographed handwritten page", { timeout: 240_000 }, () => {
  it("reads the handwritten numbers, marks what the ink clearly shows and flags the rest at its question", async () => {
    const { user, access_token: token } = await registerTeacher();
    const bytes = new Uint8Array(photo as ArrayBuffer);
    const { jobId, assignmentId, submissionIds } = await seedJob(user.id, [{ name: "photo.jpg", bytes }], {
      prefix: "hw-",
      key: manifest.key,
      points: manifest.questions.length,
    });
    await startJob(env, { jobId, teacherId: user.id, submissionIds });
    const done = await waitFor(async () => {
      const row = await env.DB.prepare("SELECT status FROM submissions WHERE id = ?").bind(submissionIds[0]).first<{ status: string }>();
      return row?.status === "graded" || row?.status === "failed" ? row : null;
    }, "the page to be graded");
    expect(done.status).toBe("graded");

    const body = (await (await api(`/api/assignments/${assignmentId}`, { token })).json()) as {
      assignment: { submissions: { id: string; questions: GradedQuestion[] }[] };
    };
    const paper = body.assignment.submissions.find((s) => s.id === submissionIds[0])!;
    const graded = new Map(paper.questions.map((q) => [String(q.number), q]));
    let clear = 0;
    for (const q of manifest.questions) {
      const g = graded.get(String(q.number));
      expect(g, `question ${q.number}`).toBeDefined();
      const markedRight = g!.points >= g!.points_possible;
      const teacherRight = q.wrote === q.right;
      const detail = `question ${q.number}: wrote ${q.wrote}, key ${q.right}, read ${g!.answer}, ${g!.review_reason ?? "not flagged"}`;
      // No wrong answer marked right without a flag at its question.
      if (markedRight && !teacherRight) expect(g!.needs_review, detail).toBe(true);
      if (markedRight !== teacherRight) expect(g!.needs_review, detail).toBe(true);
      if (!g!.needs_review) {
        // A mark given unflagged is the teacher's, on what the child wrote.
        expect(markedRight, detail).toBe(teacherRight);
        expect(g!.answer, detail).toBe(q.wrote);
        expect(g!.confidence, detail).toBeGreaterThanOrEqual(0.9);
        clear++;
      } else if (/handwriting/i.test(g!.review_reason ?? "")) {
        // Both readings are shown.
        expect(g!.review_reason, detail).toMatch(/reads "[^"]+" \(\d+%\) or /);
      }
    }
    // The page is read, not only flagged: most of the handwritten answers are marked without a look.
    expect(clear).toBeGreaterThanOrEqual(4);
  });
});
