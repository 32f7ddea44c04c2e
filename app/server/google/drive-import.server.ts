// Drive picks into an assignment: the form carries Drive file ids (drive_<field>, e.g. drive_assignment_files);
// each file is copied from Drive server-side, read as a stream with the upload size cap enforced while it arrives,
// and added to the form as if it had been uploaded, so the same type checks and the same R2/D1 path apply.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../../core/db/client";
import { FILE_FIELDS } from "../../schemas/assignments";
import { AssignmentInputError } from "../assignments.server";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "../storage.server";
import { googleConfig } from "./config.server";
import { driveAccessToken, DriveAuthError } from "./drive-tokens.server";
import { downloadFile, DriveError } from "./drive.server";

const MAX_DRIVE_FILES = 100;
export const driveField = (field: string) => `drive_${field}`;

/** Reads a stream into memory, stopping (and cancelling the download) as soon as it passes `limit` bytes. */
export async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Replaces the form's Drive ids with the files they name; a form without any is returned unchanged. */
export async function withDriveFiles(request: Request, context: AppLoadContext, teacherId: string, form: FormData): Promise<FormData> {
  const picks = Object.values(FILE_FIELDS).flatMap((field) =>
    form
      .getAll(driveField(field))
      .filter((value): value is string => typeof value === "string" && value.length > 0 && value.length <= 200)
      .map((id) => ({ field, id })),
  );
  if (picks.length === 0) return form;
  if (picks.length > MAX_DRIVE_FILES)
    throw new AssignmentInputError(`Pick at most ${MAX_DRIVE_FILES} files from Google Drive at once.`, 413);
  const config = googleConfig(context.cloudflare.env);
  if (!config) throw new AssignmentInputError("Google Drive is not set up on this server.", 400);
  const out = new FormData();
  for (const [key, value] of form.entries()) if (!key.startsWith("drive_")) out.append(key, value);
  try {
    const accessToken = await driveAccessToken(getDb(context.cloudflare.env.DB), config, request, teacherId);
    for (const pick of picks) {
      const file = await downloadFile(config, accessToken, pick.id);
      const bytes = await readCapped(file.body, MAX_UPLOAD_BYTES);
      if (!bytes) throw new AssignmentInputError(`"${file.name}" is larger than the ${MAX_UPLOAD_LABEL} limit per file.`, 413);
      out.append(pick.field, new File([bytes], file.name, { type: file.mimeType }));
    }
  } catch (error) {
    if (error instanceof DriveAuthError) throw new AssignmentInputError("Please connect your Google Drive account first", 401);
    if (error instanceof DriveError)
      throw new AssignmentInputError(`Failed to download file: ${error.message}`, error.status === 404 ? 404 : 502);
    throw error;
  }
  return out;
}
