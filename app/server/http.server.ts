// Small helpers for the JSON API: every failure is a 4xx/5xx with {"error": "<message>"}.
import type { z } from "zod";

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

/** Parses a JSON body with a schema; throws a 400 Response with the first message otherwise. */
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
    const issues = result.error.issues.map((issue) => ({ field: issue.path.join(".") || null, message: issue.message }));
    throw apiError(400, issues[0]?.message ?? "Invalid request.", { issues });
  }
  return result.data;
}

export function methodNotAllowed(allowed: string[]): Response {
  return apiError(405, `Method not allowed. Use ${allowed.join(" or ")}.`, undefined);
}

export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}
