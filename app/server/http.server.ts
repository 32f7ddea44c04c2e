// Small helpers for the JSON API: every failure is a 4xx/5xx with {"error": "<message>"}.
import { z } from "zod";

export function jsonResponse(data: unknown, init?: number | ResponseInit): Response {
  const base = typeof init === "number" ? { status: init } : (init ?? {});
  const headers = new Headers(base.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...base, headers });
}

export function apiError(status: number, message: string, extra?: Record<string, unknown>): Response {
  return jsonResponse({ error: message, ...extra }, status);
}

/** The fields an API body schema accepts: the keys of its object, looking through refinements and preprocessing. */
export function allowedFields(schema: z.ZodType): string[] | null {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return allowedFields(schema.in as z.ZodType) ?? allowedFields(schema.out as z.ZodType);
  return null;
}

/**
 * Parses a JSON body with a schema; throws a 400 Response with the first message otherwise. API body schemas are
 * strict objects, so a field we do not know (a typo such as `total` for `score`) is refused, naming the allowed
 * fields, instead of being dropped in silence.
 */
export async function readJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) throw apiError(415, "Send the request body as JSON (Content-Type: application/json).");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw apiError(400, "The request body is not valid JSON.");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      if (issue.code !== "unrecognized_keys" || issue.path.length > 0)
        return { field: issue.path.join(".") || null, message: issue.message };
      const allowed = allowedFields(schema) ?? [];
      const unknown = issue.keys.join(", ");
      return {
        field: issue.keys[0] ?? null,
        message: `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${unknown}. Allowed fields: ${allowed.join(", ")}.`,
      };
    });
    // An unknown field explains the other failures (a `total` sent for `score`), so it is named first.
    issues.sort((a, b) => Number(b.message.startsWith("Unknown field")) - Number(a.message.startsWith("Unknown field")));
    const unknown = result.error.issues.some((issue) => issue.code === "unrecognized_keys" && issue.path.length === 0);
    const extra = unknown ? { issues, allowed_fields: allowedFields(schema) ?? [] } : { issues };
    throw apiError(400, issues[0]?.message ?? "Invalid request.", extra);
  }
  return result.data;
}

export function methodNotAllowed(allowed: string[]): Response {
  return apiError(405, `Method not allowed. Use ${allowed.join(" or ")}.`, undefined);
}

export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}
