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
import { deleteExpiredSessions } from "../app/server/session.server";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    webSettings(env); // parsed once; a misconfiguration fails every request with a message naming the setting
    if (isCrossOrigin(request)) {
      return apiError(403, "Cross-origin request refused.");
    }
    const context: RequestContext = { cloudflare: { env, ctx }, responseCookies: [] };
    const response = await handleRemix(request, context);
    if (context.responseCookies.length === 0) return response;
    const headers = new Headers(response.headers);
    for (const cookie of context.responseCookies) headers.append("Set-Cookie", cookie);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
  /**
   * Daily (wrangler.toml [triggers]): expired sessions and tokens are deleted, not just refused; then the
   * privacy clean-up (retention of uploaded work, the access log's year, used-up links, old outbox mail).
   */
  async scheduled(_controller, env) {
    await deleteExpiredSessions(getDb(env.DB));
    await dailyPrivacyCleanup(env);
  },
} satisfies ExportedHandler<Env>;
