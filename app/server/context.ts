// What the web worker hands every loader and action (see workers/app.ts).
import type { Auth } from "./session.server";

export type RequestContext = {
  cloudflare: { env: Env; ctx: ExecutionContext };
  /** Set-Cookie headers the worker adds to the response (e.g. a renewed session). */
  responseCookies: string[];
  /** This response's Content-Security-Policy nonce (app/server/security-headers.server.ts). */
  cspNonce?: string;
  /** The signed-in teacher, resolved once per request. */
  auth?: Promise<Auth | null>;
};

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation needs the interface form
  interface AppLoadContext extends RequestContext {}
}
