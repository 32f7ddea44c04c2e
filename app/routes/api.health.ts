import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonResponse } from "~/server/http.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const started = Date.now();
  try {
    await context.cloudflare.env.DB.prepare("SELECT 1").first();
    return jsonResponse({ status: "healthy", database: "ok", latency_ms: Date.now() - started });
  } catch {
    return jsonResponse({ status: "unhealthy", database: "unreachable" }, 503);
  }
}
