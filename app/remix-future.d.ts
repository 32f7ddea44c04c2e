// Remix's single-fetch typing for the web project (remix.config.ts, which sets the flag, is a node file).
import "@remix-run/cloudflare";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}
