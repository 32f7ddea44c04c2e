// Drives the real worker (pages, JSON API, queue consumer, Durable Object) as a client would.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";

export const ORIGIN = "http://gradewell.test";

let counter = 0;
export function uniqueEmail(prefix = "teacher") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@school.example`;
}

/** A teacher's plan lives in the database and is changed by hand (there is no payment). */
export async function setPlan(teacherId: string, plan: "starter" | "professional" | "school") {
  await env.DB.prepare("update teachers set plan = ? where id = ?").bind(plan, teacherId).run();
}

export async function api(
  path: string,
  init: { method?: string; token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: init.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    redirect: "manual",
  });
  return response;
}

export async function registerTeacher(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? "correct horse battery";
  const response = await api("/api/auth/register", { json: { name: overrides.name ?? "Test Teacher", email, password } });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string; email: string }; access_token: string; refresh_token: string };
  return { ...body, email, password };
}

/** Posts a page form the way a browser does (same-origin, urlencoded), without following the redirect. */
export async function postForm(path: string, fields: Record<string, string>, init: { cookie?: string; origin?: string } = {}) {
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: init.origin ?? ORIGIN,
    Host: new URL(ORIGIN).host,
  };
  if (init.cookie) headers.Cookie = init.cookie;
  return SELF.fetch(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
}

export function sessionCookieFrom(response: Response): string {
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  const match = setCookie.match(/gw_session=([^;]+)/);
  if (!match) throw new Error(`no session cookie in: ${setCookie}`);
  return `gw_session=${match[1]}`;
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, what: string, attempts = 200): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export type SseEvent = { id: number; type: string; seq: number; [field: string]: unknown };

/** Reads an SSE response to its end (the stream closes when the job is done) and parses every event. */
export async function readSse(response: Response) {
  const text = await response.text();
  return text
    .split("\n\n")
    .map((block) => {
      const id = block.match(/^id: (\d+)$/m)?.[1];
      const data = block.match(/^data: (.*)$/m)?.[1];
      return id && data ? ({ id: Number(id), ...JSON.parse(data) } as SseEvent) : null;
    })
    .filter((e): e is NonNullable<typeof e> => e !== null);
}
