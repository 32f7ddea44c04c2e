// One guard before Remix for every request: limits on the address and the body, and page forms that can be read.
// A request that fails it gets a 4xx with a message (JSON for the API, plain text for pages), never a 500.
import { apiError } from "./http.server";

export const REQUEST_LIMITS = {
  /** Query string characters: a search box, not a document. */
  maxQueryLength: 2_048,
  /**
   * Remix's route discovery (`/__manifest?p=...&p=...`) asks for every link on the page at once and keeps its
   * own cap on the whole address (7,680 characters): a page with many links (Analytics) went past 2,048.
   */
  maxManifestQueryLength: 8_192,
  /** Bytes of one request body: the files of one upload (10 MB each) plus the form. */
  maxBodyBytes: 60 * 1024 * 1024,
  /** Characters of one text field in a page form (an answer key or a pasted roster fits). */
  maxFieldLength: 200_000,
  /** Fields in one form. */
  maxFields: 2_000,
  /** Files in one request: several classes' worth of work (a teacher's whole grade level), not a drive's worth. */
  maxFiles: 150,
} as const;

const MB = 1024 * 1024;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function refuse(request: Request, status: number, message: string): Response {
  if (new URL(request.url).pathname.startsWith("/api/")) return apiError(status, message);
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

function isForm(type: string) {
  const base = type.split(";")[0]!.trim().toLowerCase();
  return FORM_TYPES.includes(base);
}

/** Returns a 4xx Response for a request that must not reach Remix, or null to let it through. */
export async function guardRequest(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const maxQuery = url.pathname === "/__manifest" ? REQUEST_LIMITS.maxManifestQueryLength : REQUEST_LIMITS.maxQueryLength;
  if (url.search.length > maxQuery) {
    return refuse(request, 414, `This address is too long (at most ${maxQuery} characters after the "?").`);
  }
  if (!BODY_METHODS.has(request.method)) return null;

  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > REQUEST_LIMITS.maxBodyBytes) {
    return refuse(
      request,
      413,
      `This request is too large (${Math.ceil(length / MB)} MB). Send at most ${REQUEST_LIMITS.maxBodyBytes / MB} MB at once.`,
    );
  }
  const type = request.headers.get("Content-Type") ?? "";
  const isApi = url.pathname.startsWith("/api/");
  // API routes read JSON or multipart themselves and answer bad bodies with 400/415 (readJsonBody, readMultipart).
  if (isApi && !isForm(type)) return null;
  if (!isApi && !isForm(type)) {
    // Page actions read forms: anything else is refused before an action tries to parse it.
    return refuse(request, 415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return refuse(request, 400, "The form data could not be read. Please try again.");
  }
  let fields = 0;
  let files = 0;
  let bytes = 0;
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") {
      files += 1;
      bytes += value.size;
      if (files > REQUEST_LIMITS.maxFiles) {
        return refuse(request, 413, `Too many files in one upload: send at most ${REQUEST_LIMITS.maxFiles} files at once.`);
      }
      if (bytes > REQUEST_LIMITS.maxBodyBytes) {
        return refuse(request, 413, `This upload is too large: send at most ${REQUEST_LIMITS.maxBodyBytes / MB} MB at once.`);
      }
    }
    fields += 1;
    if (fields > REQUEST_LIMITS.maxFields) {
      return refuse(request, 413, `This form has too many fields (at most ${REQUEST_LIMITS.maxFields}).`);
    }
    if (typeof value === "string" && value.length > REQUEST_LIMITS.maxFieldLength) {
      return refuse(
        request,
        413,
        `The field "${name.slice(0, 60)}" is too long (${value.length} characters; at most ${REQUEST_LIMITS.maxFieldLength}).`,
      );
    }
  }
  return null;
}
