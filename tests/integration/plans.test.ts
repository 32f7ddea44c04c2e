// The Starter plan grades 100 submissions a month: the 101st stops with the limit message and an upgrade link.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../core/db/client";
import { forTeacher } from "../../core/db/scoped";
import { gradingAllowance, monthStart, PLAN_LIMIT_MESSAGE, STARTER_GRADED_PER_MONTH } from "../../core/plans";
import { api, postForm, registerTeacher, sessionCookieFrom, waitFor } from "./helpers";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC"), (c) =>
  c.charCodeAt(0),
);

async function gradedThisMonth(teacherId: string, count: number, gradedAt = Date.now()) {
  const statements = Array.from({ length: count }, (_, i) =>
    env.DB.prepare(
      "insert into submissions (id, teacher_id, student_name, status, score, graded_at) values (?, ?, ?, 'graded', 1, ?)",
    ).bind(`${teacherId}-g${gradedAt}-${i}`, teacherId, `Student ${i}`, gradedAt),
  );
  await env.DB.batch(statements);
}

async function quickSnap(token: string) {
  const form = new FormData();
  form.set("file", new File([PNG], "work.png"));
  form.set("assignment_id", "quicksnap");
  const response = await api("/api/v2/grading/upload/quicksnap", { method: "POST", token, body: form });
  expect(response.status).toBe(202);
  return (await response.json()) as { job_id: string; submission_id: string };
}

describe("plan limits", () => {
  it("counts graded submissions of this calendar month only", async () => {
    const { user } = await registerTeacher();
    const now = new Date(Date.UTC(2026, 10, 22, 12));
    await gradedThisMonth(user.id, 3, Date.UTC(2026, 10, 1));
    await gradedThisMonth(user.id, 5, Date.UTC(2026, 9, 31, 23, 59));
    expect(monthStart(now).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(await gradingAllowance(forTeacher(getDb(env.DB), user.id), now)).toEqual({
      plan: "starter",
      used: 3,
      limit: 100,
      reached: false,
    });
  });

  it("stops grading at 100 on Starter with the upgrade link, and not on Professional", async () => {
    const { user, access_token, email, password } = await registerTeacher();
    await gradedThisMonth(user.id, STARTER_GRADED_PER_MONTH - 1);
    expect((await gradingAllowance(forTeacher(getDb(env.DB), user.id))).reached).toBe(false);
    await gradedThisMonth(user.id, 1, Date.now() - 1000);
    expect(await gradingAllowance(forTeacher(getDb(env.DB), user.id))).toMatchObject({ used: 100, reached: true });

    const { job_id, submission_id } = await quickSnap(access_token);
    const row = await waitFor(
      () =>
        env.DB.prepare("select status, failure_reason from submissions where id = ?")
          .bind(submission_id)
          .first<{ status: string; failure_reason: string | null }>()
          .then((r) => (r?.status === "failed" ? r : null)),
      "the submission to stop",
    );
    expect(row.failure_reason).toBe(PLAN_LIMIT_MESSAGE);
    expect(PLAN_LIMIT_MESSAGE).toContain("/pricing");
    const job = (await (await api(`/api/v2/grading/job/${job_id}`, { token: access_token })).json()) as { status: string };
    expect(job.status).toBe("failed");

    const cookie = sessionCookieFrom(await postForm("/login", { email, password }));
    const settings = await (await api("/settings", { headers: { Cookie: cookie } })).text();
    expect(settings).toContain("100 of 100 graded submissions used this month.");
    expect(settings).toContain("Upgrade to Professional");

    // On Professional the same teacher grades on (the plan lives in the database; no payment).
    await env.DB.prepare("update teachers set plan = 'professional' where id = ?").bind(user.id).run();
    expect(await gradingAllowance(forTeacher(getDb(env.DB), user.id))).toMatchObject({ plan: "professional", limit: null, reached: false });
    const second = await quickSnap(access_token);
    const graded = await waitFor(
      () =>
        env.DB.prepare("select status, failure_reason from submissions where id = ?")
          .bind(second.submission_id)
          .first<{ status: string; failure_reason: string | null }>()
          .then((r) => (r && r.status !== "pending" && r.status !== "processing" ? r : null)),
      "the second submission",
      600,
    );
    expect(graded.failure_reason ?? "").not.toContain("Starter plan's limit");
  });
});
