// Sample uploads and shortcuts for the assignment tests.
import { SELF } from "cloudflare:test";
import { api, ORIGIN, postForm, sessionCookieFrom, waitFor } from "./helpers";

/** A real 1x1 PNG. */
export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC"),
  (c) => c.charCodeAt(0),
);
/** Enough of a PDF for type detection by content. */
// A real (blank, one-page) PDF: the grading worker reads it like any other.
export const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

export function file(bytes: Uint8Array | string, name: string) {
  return new File([typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)], name);
}

export type AssignmentFields = Record<string, string | string[]>;

export function assignmentForm(
  fields: AssignmentFields = {},
  files: Partial<Record<"assignment_files" | "answer_key_files" | "rubric_files" | "batch_files" | "blank_worksheet_files", File[]>> = {},
) {
  const form = new FormData();
  const all: AssignmentFields = { title: "Fractions quiz", subject: "Mathematics", assignmentType: "quiz", ...fields };
  for (const [key, value] of Object.entries(all)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  const withDefault = { assignment_files: [file(PNG, "ana-diaz.png")], ...files };
  for (const [field, list] of Object.entries(withDefault)) for (const f of list ?? []) form.append(field, f);
  return form;
}

export async function createAssignment(token: string, fields: AssignmentFields = {}, files?: Parameters<typeof assignmentForm>[1]) {
  const response = await api("/api/assignments", { method: "POST", token, body: assignmentForm(fields, files) });
  return {
    response,
    body: (await response.json()) as {
      assignment_id?: string;
      error?: string;
      issues?: { field: string | null; message: string }[];
      submission_ids?: string[];
    },
  };
}

export async function getAssignment(token: string, id: string) {
  const response = await api(`/api/assignments/${id}`, { token });
  return { response, body: (await response.json()) as { assignment: any } };
}

export async function processAndWait(token: string, id: string) {
  const started = await api(`/api/document-ai/process/assignment/${id}`, { method: "POST", token });
  const { job_id } = (await started.json()) as { job_id: string };
  await waitFor(async () => {
    const status = (await (await api(`/api/v2/grading/job/${job_id}`, { token })).json()) as { status: string };
    return status.status !== "processing" ? status : null;
  }, `job ${job_id}`);
  return { status: started.status, jobId: job_id };
}

/** Signs in through the page form and returns the session cookie. */
export async function signedInCookie(email: string, password: string) {
  const response = await postForm("/login", { email, password });
  return sessionCookieFrom(response);
}

/** Posts a multipart page form the way a browser without JavaScript does. */
export async function postMultipart(path: string, form: FormData, cookie: string) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, Cookie: cookie },
    body: form,
    redirect: "manual",
  });
}

export async function getPage(path: string, cookie: string) {
  return SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
}
