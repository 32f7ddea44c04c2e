// Web worker: the Remix request handler (pages and the JSON API). Static files are served from build/client
// by the assets binding before this worker runs.
import "../core/ai-sdk-in-workerd";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "../build/server/index.js";
import type { RequestContext } from "../app/server/context";
import { getDb } from "../core/db/client";
import { webSettings } from "../app/server/env.server";
import { apiError } from "../app/server/http.server";
import { isCrossOrigin } from "../app/server/origin.server";
import { dailyPrivacyCleanup } from "../app/server/retention.server";
import { guardRequest } from "../app/server/request-guard.server";
import { newNonce, withSecurityHeaders } from "../app/server/security-headers.server";
import { deleteExpiredSessions } from "../app/server/session.server";
import { wakeUnfinishedJobs } from "../app/server/jobs-sweep.server";

const SWEEP_CRON = "*/10 * * * *";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

async function handle(request: Request, env: Env, ctx: ExecutionContext, nonce: string): Promise<Response> {
  if (await isCrossOrigin(request)) {
    return apiError(403, "Cross-origin request refused.");
  }
  const refused = await guardRequest(request);
  if (refused) return refused;
  const context: RequestContext = { cloudflare: { env, ctx }, responseCookies: [], cspNonce: nonce };
  const response = await handleRemix(request, context);
  if (context.responseCookies.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const cookie of context.responseCookies) headers.append("Set-Cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export default {
  async fetch(request, env, ctx) {
    webSettings(env); // parsed once; a misconfiguration fails every request with a message naming the setting
    const nonce = newNonce();
    return withSecurityHeaders(await handle(request, env, ctx, nonce), nonce);
  },
  /**
   * wrangler.toml [triggers]: daily, expired sessions and tokens are deleted, not just refused, then the privacy
   * clean-up (retention of uploaded work, the access log's year, used-up links, old outbox mail); every ten
   * minutes every unfinished job's Durable Object is asked for its status, which re-arms a watchdog a restart lost.
   */
  async scheduled(controller, env) {
    if (controller.cron === SWEEP_CRON) {
      await wakeUnfinishedJobs(env);
      return;
    }
    await deleteExpiredSessions(getDb(env.DB));
    await dailyPrivacyCleanup(env);
  },
} satisfies ExportedHandler<Env>;
