// The blank worksheet through POST /api/assignments (docs/decisions/0041): an optional single photo or scan under
// blank_worksheet_files, or picked in Google Drive (drive_blank_worksheet_files), kept as an assignment file of its
// own kind and never a student's submission; clear 400s for two files or a Word document; deleted with the assignment;
// and the create page's card, which posts under the same name without JavaScript.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BLANK_WORKSHEET_NOT_WORD, BLANK_WORKSHEET_ONE_FILE } from "~/lib/blank-worksheet";
import { deleteAssignment } from "~/server/data-deletion.server";
import { getDb } from "../../core/db/client";
import { classSetTemplateKey } from "../../core/files/class-set-keys";
import { api, ORIGIN, postForm, registerTeacher, sessionCookieFrom, uniqueEmail } from "./helpers";
import { SELF } from "cloudflare:test";
import {
  assignmentForm,
  createAssignment,
  file,
  getAssignment,
  getPage,
  PDF,
  PNG,
  postMultipart,
  signedInCookie,
} from "./assignments-helpers";

/** Enough of a DOCX for type detection by content: a ZIP whose first entry is word/document.xml. */
const DOCX = (() => {
  const name = new TextEncoder().encode("word/document.xml");
  const bytes = new Uint8Array(30 + name.length + 16);
  bytes.set([0x50, 0x4b, 0x03, 0x04]);
  bytes[26] = name.length;
  bytes.set(name, 30);
  return bytes;
})();

const r2Keys = async (teacherId: string) => (await env.UPLOADS.list({ prefix: `teachers/${teacherId}/` })).objects.map((o) => o.key);

describe("the blank worksheet in POST /api/assignments", () => {
  it("keeps one photo as the assignment's blank worksheet, beside the key, not as a student's paper", async () => {
    const { access_token: token, user } = await registerTeacher();
    const { response, body } = await createAssignment(
      token,
      { hasAnswerKey: "true", answerKeyText: "1. 4" },
      {
        blank_worksheet_files: [file(PNG, "blank.png")],
      },
    );
    expect(response.status).toBe(201);
    expect(body.submission_ids).toHaveLength(1);
    const { body: got } = await getAssignment(token, body.assignment_id!);
    expect(got.assignment.files.map((f: any) => [f.kind, f.file_name])).toEqual([
      ["assignment", "ana-diaz.png"],
      ["blank_worksheet", "blank.png"],
    ]);
    expect(got.assignment.submissions.map((s: any) => s.file_name)).toEqual(["ana-diaz.png"]);
    expect((await r2Keys(user.id)).filter((k) => k.includes("/blank_worksheet/"))).toHaveLength(1);

    // Deleted with its assignment, like every other file, and the template kept from it with it.
    await env.UPLOADS.put(classSetTemplateKey(user.id, body.assignment_id!), "{}");
    await deleteAssignment(env, getDb(env.DB), { id: user.id, name: "Test Teacher", email: user.email }, body.assignment_id!);
    expect(await r2Keys(user.id)).toEqual([]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM assignment_files WHERE teacher_id = ?").bind(user.id).first("n")).toBe(0);
  });

  it("answers 400 for two blank worksheets or a Word document, 415 for a file that is no page, and saves nothing", async () => {
    const { access_token: token, user } = await registerTeacher();
    const two = await createAssignment(token, {}, { blank_worksheet_files: [file(PNG, "a.png"), file(PDF, "b.pdf")] });
    expect(two.response.status).toBe(400);
    expect(two.body.error).toBe(BLANK_WORKSHEET_ONE_FILE);
    expect(two.body.issues).toEqual([{ field: "blank_worksheet_files", message: BLANK_WORKSHEET_ONE_FILE }]);
    const word = await createAssignment(token, {}, { blank_worksheet_files: [file(DOCX, "blank.docx")] });
    expect(word.response.status).toBe(400);
    expect(word.body.error).toBe(BLANK_WORKSHEET_NOT_WORD);
    const text = await createAssignment(token, {}, { blank_worksheet_files: [file("1. ____", "blank.txt")] });
    expect(text.response.status).toBe(415);
    expect(text.body.error).toContain('"blank.txt"');
    // A blank worksheet alone is no student work.
    const alone = await createAssignment(token, {}, { assignment_files: [], blank_worksheet_files: [file(PNG, "blank.png")] });
    expect(alone.response.status).toBe(400);
    expect(await r2Keys(user.id)).toEqual([]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM assignments WHERE teacher_id = ?").bind(user.id).first("n")).toBe(0);
  });
});

describe("the blank worksheet on the create page", () => {
  it("offers the card beside the answer key and keeps a blank posted through the plain form", async () => {
    const teacher = await registerTeacher();
    const cookie = await signedInCookie(teacher.email, teacher.password);
    const html = await (await getPage("/add-assignment", cookie)).text();
    expect(html).toContain("Blank Worksheet (optional)");
    // Without JavaScript the card's file input posts under the API's field name.
    expect(html).toMatch(/<input[^>]*type="file"[^>]*name="blank_worksheet_files"/);
    expect(html.indexOf("Answer Key")).toBeLessThan(html.indexOf("Blank Worksheet (optional)"));

    const posted = await postMultipart(
      "/add-assignment",
      assignmentForm({ processingMode: "none" }, { blank_worksheet_files: [file(PNG, "blank.png")] }),
      cookie,
    );
    expect(posted.status).toBe(302);
    const id = new URL(posted.headers.get("Location")!, ORIGIN).searchParams.get("created")!;
    const { body } = await getAssignment(teacher.access_token, id);
    expect(body.assignment.files.map((f: any) => f.kind)).toEqual(["assignment", "blank_worksheet"]);
    const page = await (await getPage(`/assignment/${id}`, cookie)).text();
    expect(page).toContain("blank worksheet");

    const refused = await postMultipart(
      "/add-assignment",
      assignmentForm({}, { blank_worksheet_files: [file(PNG, "a.png"), file(PNG, "b.png")] }),
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(BLANK_WORKSHEET_ONE_FILE);
  });
});

// The fake Google of tests/mocks (as google.test.ts drives it): a teacher who connected Drive picks the blank there.
const google = env.GOOGLE_ENDPOINTS_BASE!;
async function control(path: string, body?: unknown) {
  const response = await fetch(`${google}/__fake/${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`fake google ${path}: ${response.status}`);
  return response.json() as Promise<any>;
}

async function teacherWithDrive() {
  const teacher = await registerTeacher({ email: uniqueEmail("blank") });
  const cookie = sessionCookieFrom(await postForm("/login", { email: teacher.email, password: teacher.password }));
  await control("next-user", { sub: `7${Date.now()}`, email: teacher.email, name: "Test Teacher", email_verified: true });
  const start = await SELF.fetch(`${ORIGIN}/auth/google?intent=drive&redirectTo=%2Fadd-assignment`, {
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  const flow = start.headers
    .getSetCookie()
    .map((c) => c.match(/^gw_google_flow=([^;]*)/)?.[1])
    .find(Boolean);
  const consent = await fetch(start.headers.get("Location")!, { redirect: "manual" });
  const back = await SELF.fetch(consent.headers.get("Location")!, {
    headers: { Cookie: `${cookie}; gw_google_flow=${flow}` },
    redirect: "manual",
  });
  expect(back.headers.get("Location")).toBe("/add-assignment?drive_connected=true");
  return teacher;
}

describe("the blank worksheet from Google Drive", () => {
  it("copies the picked Drive file in as the assignment's blank worksheet", async () => {
    const teacher = await teacherWithDrive();
    let binary = "";
    for (const byte of PNG) binary += String.fromCharCode(byte);
    const picked = await control("files", { name: "worksheet blank.png", mimeType: "image/png", contentBase64: btoa(binary) });
    const form = assignmentForm();
    form.append("drive_blank_worksheet_files", picked.id);
    const created = await api("/api/assignments", { method: "POST", token: teacher.access_token, body: form });
    expect(created.status).toBe(201);
    const { assignment_id } = (await created.json()) as { assignment_id: string };
    const { body } = await getAssignment(teacher.access_token, assignment_id);
    expect(body.assignment.files.map((f: any) => [f.kind, f.file_name])).toEqual([
      ["assignment", "ana-diaz.png"],
      ["blank_worksheet", "worksheet blank.png"],
    ]);
  });
});
