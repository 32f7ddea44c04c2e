// Professional-only features (spec section 6; docs/decisions/0017-professional-features.md): a Starter teacher is
// refused with the plan's message and the upgrade link, and sees the feature explained on the page; Professional
// and School go through. Nothing a refused request carried is stored.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { featureRefusal } from "~/lib/plans";
import { STARTER_FILES_PER_UPLOAD } from "../../core/plans";
import { assignmentForm, createAssignment, file, PDF, PNG, type AssignmentFields } from "./assignments-helpers";
import { page, postMultipart, signedInTeacher } from "./classes-helpers";
import { seedFixtureClass } from "./dashboard-fixture";
import { api, setPlan } from "./helpers";

const RUBRIC_REFUSAL = featureRefusal("custom_rubric", "starter");
const BULK_REFUSAL = featureRefusal("bulk_upload", "starter");
const ANALYTICS_REFUSAL = featureRefusal("advanced_analytics", "starter");

const photos = (n: number) => Array.from({ length: n }, (_, i) => file(PNG, `student-${i + 1}.png`));

async function storedFor(teacherId: string) {
  const rows = await env.DB.prepare("select count(*) as n from assignments where teacher_id = ?").bind(teacherId).first<{ n: number }>();
  const objects = await env.UPLOADS.list({ prefix: `teachers/${teacherId}/` });
  return { assignments: rows?.n ?? 0, objects: objects.objects.length };
}

/** The text of an HTML page as a reader sees it (entities decoded). */
const decoded = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("the refusal message", () => {
  it("names the feature, the plan it needs, the teacher's plan and the upgrade link", () => {
    expect(RUBRIC_REFUSAL).toBe(
      "Custom rubric builder (grading open answers and essays against your own rubric, uploaded or typed) is part of the Professional plan; you are on the Starter plan. Starter grades against your answer key. Upgrade: /pricing",
    );
    expect(BULK_REFUSAL).toContain(`more than ${STARTER_FILES_PER_UPLOAD} students' files at once`);
    expect(ANALYTICS_REFUSAL).toMatch(
      /^Advanced analytics .* is part of the Professional plan; you are on the Starter plan\..*Upgrade: \/pricing$/,
    );
  });
});

describe("custom rubric", () => {
  it("refuses a Starter teacher's rubric (files, typed, or the flag alone) with 403 and stores nothing", async () => {
    const t = await signedInTeacher();
    const cases: { fields: AssignmentFields; files: Parameters<typeof assignmentForm>[1] }[] = [
      { fields: { hasRubric: "true", rubricText: "4 points: full reasoning" }, files: {} },
      { fields: {}, files: { rubric_files: [file(PDF, "rubric.pdf")] } },
      { fields: { hasRubric: ["false", "on"] }, files: {} },
    ];
    for (const c of cases) {
      const { response, body } = await createAssignment(t.token, c.fields, c.files);
      expect(response.status).toBe(403);
      expect(body).toEqual({
        error: RUBRIC_REFUSAL,
        feature: "custom_rubric",
        plan: "starter",
        required_plan: "professional",
        upgrade_url: "/pricing",
      });
    }
    expect(await storedFor(t.id)).toEqual({ assignments: 0, objects: 0 });

    // The page's own form (no JavaScript) is refused the same way, with the message and a link to the plans.
    const form = assignmentForm({ hasRubric: ["false", "on"], rubricText: "4 points: full reasoning" });
    const posted = await postMultipart("/add-assignment", form, t.cookie);
    expect(posted.status).toBe(403);
    const html = decoded(await posted.text());
    expect(html).toContain(RUBRIC_REFUSAL);
    expect(html).toContain('href="/pricing"');
    expect(await storedFor(t.id)).toEqual({ assignments: 0, objects: 0 });

    // An answer key alone, the Starter way of grading, is fine; a typed rubric without the flag is ignored, not refused.
    const keyed = await createAssignment(t.token, { hasAnswerKey: "true", answerKeyText: "1. 3/4", rubricText: "ignored" });
    expect(keyed.response.status).toBe(201);
  });

  it("explains the rubric on Starter's create page instead of offering the toggle", async () => {
    const t = await signedInTeacher();
    const starter = decoded((await page("/add-assignment", t.cookie)).html);
    expect(starter).toContain('data-testid="upgrade-custom_rubric"');
    expect(starter).toContain("Custom rubric builder is part of the Professional plan");
    expect(starter).not.toContain('name="hasRubric"');
    expect(starter).not.toContain('name="rubricText"');
    expect(starter).toContain("up to 10 at a time on the Starter plan");

    await setPlan(t.id, "professional");
    const professional = (await page("/add-assignment", t.cookie)).html;
    expect(professional).not.toContain("upgrade-custom_rubric");
    expect(professional).toContain('name="hasRubric"');
    expect(professional).toContain('name="rubricText"');
  });

  it("takes the rubric on Professional and School", async () => {
    for (const plan of ["professional", "school"] as const) {
      const t = await signedInTeacher();
      await setPlan(t.id, plan);
      const { response, body } = await createAssignment(
        t.token,
        { hasRubric: "true", rubricText: "4 points: full reasoning", saveWithoutProcessing: "true" },
        { rubric_files: [file(PDF, "rubric.pdf")] },
      );
      expect(response.status).toBe(201);
      const row = await env.DB.prepare("select has_rubric, rubric_text from assignments where id = ?")
        .bind(body.assignment_id!)
        .first<{ has_rubric: number; rubric_text: string }>();
      expect(row).toEqual({ has_rubric: 1, rubric_text: "4 points: full reasoning" });
    }
  });
});

describe("bulk upload", () => {
  it(`lets a Starter teacher upload ${STARTER_FILES_PER_UPLOAD} students' files at once and refuses one more`, async () => {
    const t = await signedInTeacher();
    const ten = await createAssignment(
      t.token,
      { batchUpload: "true", saveWithoutProcessing: "true" },
      { assignment_files: [], batch_files: photos(10) },
    );
    expect(ten.response.status).toBe(201);
    expect(ten.body.submission_ids).toHaveLength(10);
    const before = await storedFor(t.id);

    // Assignment and batch fields count together.
    const eleven = await createAssignment(
      t.token,
      { saveWithoutProcessing: "true" },
      { assignment_files: photos(6), batch_files: photos(5) },
    );
    expect(eleven.response.status).toBe(403);
    expect(eleven.body).toMatchObject({ error: BULK_REFUSAL, feature: "bulk_upload", upgrade_url: "/pricing" });

    // Files picked in Google Drive count too, and are refused before anything is fetched from Drive.
    const form = assignmentForm({ saveWithoutProcessing: "true" }, { assignment_files: photos(10) });
    form.append("drive_assignment_files", "drive-file-1");
    const withDrive = await api("/api/assignments", { method: "POST", token: t.token, body: form });
    expect(withDrive.status).toBe(403);
    expect(((await withDrive.json()) as { error: string }).error).toBe(BULK_REFUSAL);

    const viaPage = await postMultipart("/add-assignment", assignmentForm({ batchUpload: "true" }, { batch_files: photos(12) }), t.cookie);
    expect(viaPage.status).toBe(403);
    expect(decoded(await viaPage.text())).toContain(BULK_REFUSAL);
    expect(await storedFor(t.id)).toEqual(before);
  });

  it("takes a class set at once on Professional", async () => {
    const t = await signedInTeacher();
    await setPlan(t.id, "professional");
    const { response, body } = await createAssignment(
      t.token,
      { batchUpload: "true", saveWithoutProcessing: "true" },
      { assignment_files: [], batch_files: photos(30) },
    );
    expect(response.status).toBe(201);
    expect(body.submission_ids).toHaveLength(30);
  });
});

describe("advanced analytics", () => {
  it("refuses Starter's Analytics API, CSV and printable report, and explains the screen", async () => {
    const t = await signedInTeacher();
    await seedFixtureClass(t.id);

    const json = await api("/api/analytics?period=30d", { token: t.token });
    expect(json.status).toBe(403);
    expect(await json.json()).toEqual({
      error: ANALYTICS_REFUSAL,
      feature: "advanced_analytics",
      plan: "starter",
      required_plan: "professional",
      upgrade_url: "/pricing",
    });

    const csv = await page("/analytics/export.csv?period=30d", t.cookie);
    expect(csv.status).toBe(403);
    expect(csv.html).toBe(ANALYTICS_REFUSAL);

    const report = await page("/analytics/report?period=30d", t.cookie);
    expect(report.status).toBe(403);
    expect(report.html).toContain("Advanced analytics is part of the Professional plan");
    expect(report.html).not.toContain("Standards mastery");

    const screen = await page("/analytics?period=30d", t.cookie);
    expect(screen.status).toBe(200);
    expect(screen.html).toContain('data-testid="upgrade-advanced_analytics"');
    expect(screen.html).toContain('href="/pricing"');
    expect(screen.html).not.toContain("Export Report");
    expect(screen.html).not.toContain("62.8%");

    // Settings says what Professional adds.
    expect(decoded((await page("/settings", t.cookie)).html)).toContain(
      "Professional adds the custom rubric builder, bulk upload (more than 10 students' files at once), advanced analytics and unlimited grading.",
    );

    // The dashboard's basic figures stay on every plan.
    const dashboard = await api("/api/dashboard/overview", { token: t.token });
    expect(dashboard.status).toBe(200);
    expect((await page("/dashboard?tab=analytics", t.cookie)).status).toBe(200);
  });

  it("answers every analytics view on Professional", async () => {
    const t = await signedInTeacher();
    await seedFixtureClass(t.id);
    await setPlan(t.id, "professional");
    const json = await api("/api/analytics?period=30d", { token: t.token });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { kpis: { averageScore: number } }).kpis.averageScore).toBe(62.8);
    expect((await page("/analytics/export.csv?period=30d", t.cookie)).status).toBe(200);
    expect((await page("/analytics/report?period=30d", t.cookie)).html).toContain("Standards mastery");
    const screen = await page("/analytics?period=30d", t.cookie);
    expect(screen.html).toContain("Export Report");
    expect(screen.html).not.toContain("upgrade-advanced_analytics");
  });
});

describe("the local plan page", () => {
  it("is absent unless the local dev server turned it on: a teacher cannot change plan", async () => {
    const teacher = await signedInTeacher();
    expect((await page("/dev/plan", teacher.cookie)).status).toBe(302);
    const form = new FormData();
    form.set("plan", "school");
    const posted = await postMultipart("/dev/plan", form, teacher.cookie);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/");
    const row = await env.DB.prepare("select plan from teachers where id = ?").bind(teacher.id).first<string>("plan");
    expect(row).toBe("starter");
  });
});
