// The address limit must not refuse Remix's own route discovery: Analytics, with a link per assignment and
// question, asked `/__manifest` for all of them in one GET and logged a 414 on every load.
import { describe, expect, it } from "vitest";
import { guardRequest, REQUEST_LIMITS } from "../../../app/server/request-guard.server";

const ORIGIN = "http://127.0.0.1:8787";

/** The discovery request Remix's client sends for a page's links (sorted `p` values, then the version). */
function manifestUrl(paths: string[]) {
  const url = new URL("/__manifest", ORIGIN);
  for (const path of [...paths].sort()) url.searchParams.append("p", path);
  url.searchParams.set("version", "0123abcd");
  return url;
}

describe("address limit", () => {
  it("lets through the route discovery of a page with many links, up to Remix's own cap", async () => {
    const paths = Array.from({ length: 60 }, (_, i) => `/assignment/${crypto.randomUUID()}/question/${(i % 10) + 1}`);
    const url = manifestUrl(paths);
    expect(url.search.length).toBeGreaterThan(REQUEST_LIMITS.maxQueryLength);
    expect(url.toString().length).toBeLessThanOrEqual(7_680); // Remix skips discovery above this itself
    expect(await guardRequest(new Request(url))).toBeNull();
  });

  it("still refuses an over-long address elsewhere, pages and API alike", async () => {
    const q = `?q=${"x".repeat(REQUEST_LIMITS.maxQueryLength)}`;
    for (const path of ["/students", "/api/students", "/__manifest/x"]) {
      const refused = await guardRequest(new Request(`${ORIGIN}${path}${q}`));
      expect(refused?.status).toBe(414);
    }
    const huge = await guardRequest(new Request(`${ORIGIN}/__manifest?p=${"x".repeat(REQUEST_LIMITS.maxManifestQueryLength)}`));
    expect(huge?.status).toBe(414);
  });
});
