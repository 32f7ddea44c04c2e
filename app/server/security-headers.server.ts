// Security headers on every response of the web worker (static files get the same from public/_headers).
// The CSP allows only our own scripts plus Remix's inline ones, which carry this response's nonce.
import { encodeBase64 } from "@oslojs/encoding";

export function newNonce(): string {
  return encodeBase64(crypto.getRandomValues(new Uint8Array(16)));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React's style props and a few SVG charts set inline styles; no inline script can run through them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  // QuickSnap and conferences use the camera; nothing else is allowed.
  "Permissions-Policy":
    "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), interest-cohort=()",
};

/** The same response with the security headers set (a new Response: Remix's may be immutable). */
export function withSecurityHeaders(response: Response, nonce: string, extraCookies: string[] = []): Response {
  const headers = new Headers(response.headers);
  // A page that set its own (the password reset page's no-referrer keeps its token out of Referer) keeps it.
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers, webSocket: response.webSocket });
}
