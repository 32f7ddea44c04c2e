// Google Classroom tests' shortcuts: the fake Google's control endpoints, a teacher who has connected Classroom
// through the real OAuth flow, and a course seeded in the fake Classroom.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Document, Packer, Paragraph } from "docx";
import { expect } from "vitest";
import { ORIGIN, postForm, registerTeacher, sessionCookieFrom, setPlan, uniqueEmail } from "./helpers";
import { worksheetPdf } from "./seeded-jobs";

export const google = (env as unknown as { GOOGLE_ENDPOINTS_BASE: string }).GOOGLE_ENDPOINTS_BASE;

export async function control<T = any>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${google}/__fake/${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`fake google ${path}: ${response.status}`);
  return response.json() as Promise<T>;
}

export const b64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));

/** A typed worksheet as a PDF file of the fake Drive. */
export async function pdfFile(name: string, answers: string[]) {
  return { name: `${name}.pdf`, mimeType: "application/pdf", contentBase64: b64(await worksheetPdf(name, answers)) };
}

/** A Google Doc of the fake Drive (its export is a real Word file). */
export async function googleDoc(name: string, answers: string[]) {
  const doc = new Document({
    sections: [{ children: [`Name: ${name}`, ...answers.map((a, i) => `${i + 1}. ${a}`)].map((line) => new Paragraph(line)) }],
  });
  return { name, mimeType: "application/vnd.google-apps.document", contentBase64: b64(new Uint8Array(await Packer.toArrayBuffer(doc))) };
}

const cookieValue = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c: string) => c.match(new RegExp(`^${name}=([^;]*)`))?.[1])
    .find((v: string | undefined) => v !== undefined);

/** Our start route → the fake Google's consent → our callback, carrying cookies like a browser. */
export async function throughGoogle(startPath: string, cookie: string) {
  const start = await SELF.fetch(`${ORIGIN}${startPath}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("Location")!);
  const consent = await fetch(authorize, { redirect: "manual" });
  const back = await SELF.fetch(consent.headers.get("Location")!, {
    headers: { Cookie: `${cookie}; gw_google_flow=${cookieValue(start, "gw_google_flow")}` },
    redirect: "manual",
  });
  return { authorize, back };
}

let counter = 0;

/** A signed-in teacher on `plan` whose Google account is `googleEmail`, with Classroom connected unless told not to. */
export async function classroomTeacher(options: { plan?: "starter" | "professional" | "school"; connect?: boolean } = {}) {
  const teacher = await registerTeacher();
  await setPlan(teacher.user.id, options.plan ?? "professional");
  const cookie = sessionCookieFrom(await postForm("/login", { email: teacher.email, password: teacher.password }));
  counter += 1;
  const googleEmail = uniqueEmail("classroom");
  await control("next-user", { sub: `2${Date.now()}${counter}`, email: googleEmail, name: "Ada Teacher" });
  if (options.connect !== false) {
    const { back } = await throughGoogle("/auth/google?intent=classroom", cookie);
    expect(back.headers.get("Location")).toBe("/classroom?classroom=connected");
  }
  return { ...teacher, cookie, googleEmail };
}

export type SeedStudent = { userId: string; fullName: string; email: string };

export function roster(prefix: string, names: string[]): SeedStudent[] {
  return names.map((fullName, i) => ({
    userId: `${prefix}${100 + i}`,
    fullName,
    email: `${fullName.split(" ")[0].toLowerCase()}.${prefix}@students.example`,
  }));
}

export async function seedCourse(teacherEmail: string, name: string, students: SeedStudent[]) {
  return (await control<{ id: string }>("classroom/courses", { name, section: "Period 2", teacherEmail, students })).id;
}
