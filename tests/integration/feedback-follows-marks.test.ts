// Feedback follows the marks (issue 32, item 3): after the teacher changes a mark, no page, API answer or export
// carries the old score in feedback text the machine wrote; the teacher's own text is kept and marked.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, postForm, registerTeacher } from "./helpers";
import { createAssignment, file, getAssignment, getPage, PNG, processAndWait, signedInCookie } from "./assignments-helpers";

async function teacherWithCookie() {
  const teacher = await registerTeacher();
  return { ...teacher, cookie: await signedInCookie(teacher.email, teacher.password) };
}

const OLD_SUMMARY =
  "Ana, you scored 1 out of 3 points (33.3%).\nQuestion 1: Correct: 3/4.\nQuestion 2: You wrote 21, but the answer is 12.";

/** One graded paper (Ana Diaz) with two questions and the feedback the machine wrote for them. */
async function gradedPaper(token: string) {
  const { body } = await createAssignment(
    token,
    { points: "3", useManualStudents: "true", manualStudentNames: "Ana Diaz" },
    { assignment_files: [file(PNG, "a.png")] },
  );
  const id = body.assignment_id!;
  await processAndWait(token, id);
  const sub = (await getAssignment(token, id)).body.assignment.submissions[0] as { id: string };
  const rows = [
    ["q1", "1", "3/4", "3/4", 1, 1, "Correct: 3/4."],
    ["q2", "2", "12", "21", 0, 2, "You wrote 21, but the answer is 12. Rework it."],
  ] as const;
  for (const [suffix, n, key, answer, awarded, possible, feedback] of rows) {
    await env.DB.prepare(
      "insert into question_results (id, submission_id, question_number, key_answer, student_answer, points_awarded, points_possible, reason, confidence, feedback) values (?, ?, ?, ?, ?, ?, ?, 'checked', 0.9, ?)",
    )
      .bind(`${sub.id}-${suffix}`, sub.id, n, key, answer, awarded, possible, feedback)
      .run();
  }
  await env.DB.prepare("update submissions set score = 1, max_score = 3, percent = 33.3, needs_review = 0, feedback = ? where id = ?")
    .bind(OLD_SUMMARY, sub.id)
    .run();
  return { id, submissionId: sub.id, page: `/assignment/${id}/submission/${sub.id}` };
}

const row = (submissionId: string) =>
  env.DB.prepare("select feedback, flags from submissions where id = ?").bind(submissionId).first<{ feedback: string; flags: string }>();
const questionFeedback = (submissionId: string, n: string) =>
  env.DB.prepare("select feedback from question_results where submission_id = ? and question_number = ?")
    .bind(submissionId, n)
    .first<{ feedback: string }>();

// Each test grades a page first: on a busy machine that alone can take a minute.
const SLOW = 240_000;

describe("feedback follows the marks", () => {
  it(
    "rewrites the machine's question feedback and summary when the teacher changes a mark; the export follows",
    async () => {
      const t = await teacherWithCookie();
      const { id, submissionId, page } = await gradedPaper(t.access_token);
      // The question form posts the feedback box as it stands: unchanged, it is not the teacher's text.
      const saved = await postForm(
        page,
        { intent: "question", questionId: `${submissionId}-q2`, points: "2", feedback: "You wrote 21, but the answer is 12. Rework it." },
        { cookie: t.cookie },
      );
      expect(saved.status).toBe(200);
      expect((await questionFeedback(submissionId, "2"))?.feedback).toBe("Full marks from your teacher for 21.");
      const summary = (await row(submissionId))!.feedback;
      expect(summary).toContain("Ana, you scored 3 out of 3 points (100%).");
      expect(summary).toContain("Question 2: Full marks from your teacher for 21.");
      expect(summary).not.toContain("1 out of 3");
      expect(JSON.parse((await row(submissionId))!.flags)).not.toContain("feedback_stale");

      const csv = await (await api(`/api/exports/assignment/${id}`, { token: t.access_token })).text();
      expect(csv).toContain("3 out of 3 points (100%)");
      expect(csv).not.toContain("1 out of 3");
      const got = (await getAssignment(t.access_token, id)).body.assignment.submissions[0];
      expect(JSON.stringify(got)).not.toContain("1 out of 3");
      const html = await (await getPage(page, t.cookie)).text();
      expect(html).not.toContain("Written before your change");
    },
    SLOW,
  );

  it(
    "keeps the teacher's own feedback, marks it 'Written before your change', and rewrites it in one click",
    async () => {
      const t = await teacherWithCookie();
      const { submissionId, page } = await gradedPaper(t.access_token);
      const mine = "Ana, 1 of 3: see me about question 2.";
      await postForm(page, { intent: "score", score: "1", feedback: mine }, { cookie: t.cookie });
      await postForm(
        page,
        { intent: "question", questionId: `${submissionId}-q1`, points: "1", feedback: "Neat fractions." },
        { cookie: t.cookie },
      );
      // Now the marks change, with the feedback boxes as they stand.
      await postForm(
        page,
        { intent: "question", questionId: `${submissionId}-q2`, points: "2", feedback: "You wrote 21, but the answer is 12. Rework it." },
        { cookie: t.cookie },
      );
      await postForm(
        page,
        { intent: "question", questionId: `${submissionId}-q1`, points: "0", feedback: "Neat fractions." },
        { cookie: t.cookie },
      );
      expect((await row(submissionId))!.feedback).toBe(mine);
      expect((await questionFeedback(submissionId, "1"))?.feedback).toBe("Neat fractions.");
      expect(JSON.parse((await row(submissionId))!.flags)).toEqual(expect.arrayContaining(["feedback_stale", "feedback_stale:1"]));
      let html = await (await getPage(page, t.cookie)).text();
      expect(html.match(/data-testid="feedback-stale"/g)).toHaveLength(2);
      expect(html).toContain("Written before your change");

      // Another teacher can neither see nor rewrite it.
      const stranger = await teacherWithCookie();
      expect((await postForm(page, { intent: "rewrite-feedback" }, { cookie: stranger.cookie })).status).toBe(404);
      expect((await row(submissionId))!.feedback).toBe(mine);

      expect((await postForm(page, { intent: "rewrite-feedback" }, { cookie: t.cookie })).status).toBe(200);
      const after = (await row(submissionId))!;
      expect(after.feedback).toContain("Ana, you scored 2 out of 3 points (66.7%).");
      expect(JSON.parse(after.flags).filter((f: string) => f.startsWith("feedback_stale"))).toEqual([]);
      expect((await questionFeedback(submissionId, "1"))?.feedback).not.toBe("Neat fractions.");
      html = await (await getPage(page, t.cookie)).text();
      expect(html).not.toContain("Written before your change");

      // Saving the feedback box with new words makes it the teacher's again, up to date: no mark.
      await postForm(page, { intent: "score", score: "2", feedback: "Ana, 2 of 3 now." }, { cookie: t.cookie });
      expect(JSON.parse((await row(submissionId))!.flags)).not.toContain("feedback_stale");
    },
    SLOW,
  );
});
