// Drive v3 calls Gradewell makes: files.list (q + fields), files.get (metadata and alt=media), files.export for
// Google Docs, and files.create (folders, and multipart uploads of reports).
import type { GoogleConfig } from "./config.server";
import { DriveAuthError, RECONNECT_DRIVE } from "./drive-tokens.server";

export const FOLDER_MIME = "application/vnd.google-apps.folder";
export const DEFAULT_FOLDER_NAME = "Gradewell Assignments";
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
/** What a Google-native file becomes when Gradewell copies it: Docs as Word, everything else as PDF. */
const EXPORTS: Record<string, { mimeType: string; extension: string }> = {
  "application/vnd.google-apps.document": { mimeType: DOCX_MIME, extension: ".docx" },
  "application/vnd.google-apps.presentation": { mimeType: "application/pdf", extension: ".pdf" },
  "application/vnd.google-apps.drawing": { mimeType: "application/pdf", extension: ".pdf" },
  "application/vnd.google-apps.spreadsheet": { mimeType: "application/pdf", extension: ".pdf" },
};
/** Types the browser offers: what Gradewell can grade (images, PDF, Word, text) plus Google Docs it can export. */
const PICKABLE = [
  "image/png",
  "image/jpeg",
  "image/heic",
  "image/heif",
  "image/webp",
  "application/pdf",
  DOCX_MIME,
  "application/msword",
  "text/plain",
  ...Object.keys(EXPORTS),
];

export type DriveFile = { id: string; name: string; size: number | null; mimeType: string; isFolder: boolean; modifiedTime: string | null };

export class DriveError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Raw = { id: string; name: string; mimeType: string; size?: string; modifiedTime?: string };
const toFile = (raw: Raw): DriveFile => ({
  id: raw.id,
  name: raw.name,
  mimeType: raw.mimeType,
  size: raw.size ? Number(raw.size) : null,
  isFolder: raw.mimeType === FOLDER_MIME,
  modifiedTime: raw.modifiedTime ?? null,
});

/** Drive's query language quotes with single quotes and escapes backslashes and quotes. */
export const quote = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

async function call(accessToken: string, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${accessToken}`);
  const response = await fetch(url, { ...init, headers });
  if (response.status === 401) throw new DriveAuthError(RECONNECT_DRIVE);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new DriveError(body?.error?.message ?? `Google Drive answered ${response.status}.`, response.status === 404 ? 404 : 502);
  }
  return response;
}

export async function listFiles(config: GoogleConfig, accessToken: string, input: { folderId?: string | null; search?: string | null }) {
  const clauses = ["trashed = false", `${quote(input.folderId || "root")} in parents`];
  if (input.search?.trim()) clauses.push(`name contains ${quote(input.search.trim())}`);
  clauses.push(`(mimeType = ${quote(FOLDER_MIME)} or ${PICKABLE.map((type) => `mimeType = ${quote(type)}`).join(" or ")})`);
  const url = new URL(`${config.endpoints.drive}/files`);
  url.searchParams.set("q", clauses.join(" and "));
  url.searchParams.set("fields", "nextPageToken, files(id, name, mimeType, size, modifiedTime)");
  url.searchParams.set("orderBy", "folder, name");
  url.searchParams.set("pageSize", "200");
  const body = (await (await call(accessToken, url.toString())).json()) as { files?: Raw[] };
  return (body.files ?? []).map(toFile);
}

export async function getFile(config: GoogleConfig, accessToken: string, fileId: string): Promise<DriveFile> {
  const url = `${config.endpoints.drive}/files/${encodeURIComponent(fileId)}?fields=id,name,mimeType,size,modifiedTime`;
  return toFile((await (await call(accessToken, url)).json()) as Raw);
}

/** The file's bytes as a stream (exported first when it is a Google Doc), with the name and type it is saved under. */
export async function downloadFile(config: GoogleConfig, accessToken: string, fileId: string) {
  const file = await getFile(config, accessToken, fileId);
  if (file.isFolder) throw new DriveError("Folders cannot be downloaded; open them instead.", 400);
  const exported = EXPORTS[file.mimeType];
  const id = encodeURIComponent(fileId);
  const url = exported
    ? `${config.endpoints.drive}/files/${id}/export?mimeType=${encodeURIComponent(exported.mimeType)}`
    : `${config.endpoints.drive}/files/${id}?alt=media`;
  const response = await call(accessToken, url);
  const name = exported && !file.name.toLowerCase().endsWith(exported.extension) ? file.name + exported.extension : file.name;
  return { file, name, mimeType: exported?.mimeType ?? file.mimeType, body: response.body! };
}

/** A folder Gradewell created earlier (drive.file lets it see those), or a new one. */
export async function ensureFolder(config: GoogleConfig, accessToken: string, name: string, parentId?: string | null) {
  const url = new URL(`${config.endpoints.drive}/files`);
  const clauses = [`mimeType = ${quote(FOLDER_MIME)}`, `name = ${quote(name)}`, "trashed = false"];
  if (parentId) clauses.push(`${quote(parentId)} in parents`);
  url.searchParams.set("q", clauses.join(" and "));
  url.searchParams.set("fields", "files(id, name, mimeType)");
  const found = (await (await call(accessToken, url.toString())).json()) as { files?: Raw[] };
  if (found.files?.[0]) return { id: found.files[0].id, name: found.files[0].name, created: false };
  const created = (await (
    await call(accessToken, `${config.endpoints.drive}/files?fields=id,name`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name, mimeType: FOLDER_MIME, ...(parentId ? { parents: [parentId] } : {}) }),
    })
  ).json()) as { id: string; name: string };
  return { id: created.id, name: created.name, created: true };
}

/** files.create with uploadType=multipart: metadata and content in one multipart/related body. */
export async function uploadFile(
  config: GoogleConfig,
  accessToken: string,
  input: { name: string; mimeType: string; content: Uint8Array | string; folderId?: string | null },
) {
  const boundary = `gradewell-${crypto.randomUUID()}`;
  const metadata = JSON.stringify({ name: input.name, mimeType: input.mimeType, ...(input.folderId ? { parents: [input.folderId] } : {}) });
  const encoder = new TextEncoder();
  const content = typeof input.content === "string" ? encoder.encode(input.content) : input.content;
  const head = encoder.encode(
    `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n--${boundary}\r\nContent-Type: ${input.mimeType}\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + content.length + tail.length);
  body.set(head);
  body.set(content, head.length);
  body.set(tail, head.length + content.length);
  const response = await call(accessToken, `${config.endpoints.driveUpload}/files?uploadType=multipart&fields=id,name,webViewLink`, {
    method: "POST",
    headers: { "Content-Type": `multipart/related; boundary=${boundary}` },
    body,
  });
  return (await response.json()) as { id: string; name: string; webViewLink?: string };
}
