import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, postForm } from "./helpers";
import { classStudents, createClassApi, page, postMultipart, seedAssignment, seedGraded, signedInTeacher } from "./classes-helpers";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");

async function setup() {
  const t = await signedInTeacher("Maria Lopez");
  const c = await createClassApi(t.token, {
    name: "Grade 2",
    grade_level: "2",
    subject: "Other",
    enrollment_method: "manual",
    students: [{ name: "Ada Lovelace", email: "ada@school.example" }],
  });
  const [ada] = await classStudents(t.token, c.id);
  return { t, c, ada };
}

function itemForm(fields: Record<string, string>, files: { name: string; bytes: Uint8Array; type: string }[]) {
  const form = new FormData();
  form.set("intent", "add-item");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of files) form.append("files", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: f.type }));
  return form;
}

async function conferenceObjects(teacherId: string) {
  return (await env.UPLOADS.list({ prefix: `teachers/${teacherId}/conference/` })).objects.map((o) => o.key);
}

describe("elementary profile", () => {
  it("shows five subject cards with current grade and signed trend from real scores", async () => {
    const { t, c, ada } = await setup();
    const m1 = await seedAssignment(t.id, c.id, { title: "Addition", subject: "Math" });
    const m2 = await seedAssignment(t.id, c.id, { title: "Subtraction", subject: "Math" });
    const r1 = await seedAssignment(t.id, c.id, { title: "Story time", subject: "Reading", selectedStandards: ["RL.2.1"] });
    await seedGraded(t.id, ada.id, m1.id, 70, { gradedAt: new Date("2026-02-02T10:00:00Z") });
    await seedGraded(t.id, ada.id, m2.id, 90, { gradedAt: new Date("2026-02-10T10:00:00Z") });
    await seedGraded(t.id, ada.id, r1.id, 88, { gradedAt: new Date("2026-02-11T10:00:00Z") });
    const overview = await page(`/elementary-student/${ada.id}`, t.cookie);
    expect(overview.status).toBe(200);
    for (const text of [
      "Reading",
      "Math",
      "Writing",
      "Science",
      "Social Studies",
      "80%",
      "+20 points",
      "88%",
      "No graded work",
      "Weekly progress",
      "Maria Lopez",
      "Grade 2",
    ]) {
      expect(overview.html).toContain(text);
    }
    const details = await page(`/elementary-student/${ada.id}?tab=subject&subject=Reading`, t.cookie);
    for (const text of ["Story time", "RL.2.1", "88%", "Add to Conference", "Back to Overview"]) expect(details.html).toContain(text);
  });
});

describe("conference folder", () => {
  it("adds an item with a file to R2, lists it after a reload, serves the file only to its teacher, and removes both", async () => {
    const { t, ada } = await setup();
    const response = await postMultipart(
      `/elementary-student/${ada.id}`,
      itemForm(
        {
          title: "Spring poem",
          description: "Her first rhyming poem",
          type: "work_sample",
          subject: "Writing",
          importance: "high",
          notes: "Read aloud",
        },
        [{ name: "poem.png", bytes: PNG, type: "image/png" }],
      ),
      t.cookie,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Added &quot;Spring poem&quot; to conference folder!");
    const keys = await conferenceObjects(t.id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^teachers/${t.id}/conference/${ada.id}/`));

    const folder = await page(`/elementary-student/${ada.id}?tab=conference`, t.cookie);
    for (const text of ["Spring poem", "Her first rhyming poem", "Writing", "high importance", "poem.png", "16 Bytes", "Read aloud"])
      expect(folder.html).toContain(text);
    const itemId = folder.html.match(/\/api\/conference-items\/([^/]+)\/file/)![1];

    const file = await api(`/api/conference-items/${itemId}/file`, { token: t.token });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    const stranger = await signedInTeacher();
    expect((await api(`/api/conference-items/${itemId}/file`, { token: stranger.token })).status).toBe(404);
    expect((await postForm(`/elementary-student/${ada.id}`, { intent: "remove-item", itemId }, { cookie: stranger.cookie })).status).toBe(
      404,
    );

    const summary = await page(`/conference-summary/${ada.id}`, t.cookie);
    expect(summary.status).toBe(200);
    expect(summary.html).toContain("Spring poem");
    expect((await page(`/conference-summary/${ada.id}`, stranger.cookie)).status).toBe(404);

    const removed = await postForm(`/elementary-student/${ada.id}`, { intent: "remove-item", itemId }, { cookie: t.cookie });
    expect(await removed.text()).toContain("Removed from the conference folder.");
    expect(await conferenceObjects(t.id)).toEqual([]);
    expect((await api(`/api/conference-items/${itemId}/file`, { token: t.token })).status).toBe(404);
  });

  it("refuses a missing file, missing description or wrong file type with the right message", async () => {
    const { t, ada } = await setup();
    const noFile = await postMultipart(`/elementary-student/${ada.id}`, itemForm({ title: "x", description: "y" }, []), t.cookie);
    expect(noFile.status).toBe(400);
    expect(await noFile.text()).toContain("Please select a file first");
    const noDescription = await postMultipart(
      `/elementary-student/${ada.id}`,
      itemForm({ title: "x" }, [{ name: "a.png", bytes: PNG, type: "image/png" }]),
      t.cookie,
    );
    expect(noDescription.status).toBe(400);
    expect(await noDescription.text()).toContain("Description is required");
    const text = await postMultipart(
      `/elementary-student/${ada.id}`,
      itemForm({ title: "x", description: "y" }, [
        { name: "notes.pdf", bytes: new TextEncoder().encode("just text"), type: "application/pdf" },
      ]),
      t.cookie,
    );
    expect(text.status).toBe(415);
    expect(await text.text()).toContain("not a PDF, Word document or picture");
    expect(await conferenceObjects(t.id)).toEqual([]);
  });

  it("accepts GIF and several files at once, one numbered item per file", async () => {
    const { t, ada } = await setup();
    const response = await postMultipart(
      `/elementary-student/${ada.id}`,
      itemForm({ title: "Art week", description: "Drawings" }, [
        { name: "a.gif", bytes: GIF, type: "image/gif" },
        { name: "b.png", bytes: PNG, type: "image/png" },
      ]),
      t.cookie,
    );
    expect(response.status).toBe(200);
    const folder = await page(`/elementary-student/${ada.id}?tab=conference`, t.cookie);
    expect(folder.html).toContain("Art week (1)");
    expect(folder.html).toContain("Art week (2)");
    expect(await conferenceObjects(t.id)).toHaveLength(2);
  });

  it("adds graded work with importance from its score and a copy of its file; twice is once", async () => {
    const { t, c, ada } = await setup();
    const cases = [
      [95, "high"],
      [85, "medium"],
      [50, "low"],
    ] as const;
    for (const [percent, importance] of cases) {
      const a = await seedAssignment(t.id, c.id, {
        title: `Quiz ${percent}`,
        subject: "Math",
        assignmentType: "quiz",
        selectedStandards: ["2.OA.1"],
      });
      const s = await seedGraded(t.id, ada.id, a.id, percent, { file: true });
      const added = await postForm(
        `/elementary-student/${ada.id}`,
        { intent: "add-from-submission", submissionId: s.id },
        { cookie: t.cookie },
      );
      expect(await added.text()).toContain(`Added &quot;Quiz ${percent}&quot; to conference folder!`);
      const folder = await page(`/elementary-student/${ada.id}?tab=conference`, t.cookie);
      expect(folder.html).toContain(`${importance} importance`);
      if (percent === 95) {
        const again = await postForm(
          `/elementary-student/${ada.id}`,
          { intent: "add-from-submission", submissionId: s.id },
          { cookie: t.cookie },
        );
        expect(await again.text()).toContain("is already in the conference folder.");
      }
    }
    expect(await conferenceObjects(t.id)).toHaveLength(3);
    const folder = await page(`/elementary-student/${ada.id}?tab=conference`, t.cookie);
    expect(folder.html).toContain("Scored 95% (9.5/10)");
    expect(folder.html).toContain("Assessment");

    const stranger = await signedInTeacher();
    const pending = await seedGraded(t.id, ada.id, null, 0, { status: "pending" });
    expect(
      (await postForm(`/elementary-student/${ada.id}`, { intent: "add-from-submission", submissionId: pending.id }, { cookie: t.cookie }))
        .status,
    ).toBe(404);
    expect(
      (
        await postForm(
          `/elementary-student/${ada.id}`,
          { intent: "add-from-submission", submissionId: pending.id },
          { cookie: stranger.cookie },
        )
      ).status,
    ).toBe(404);
  });
});
