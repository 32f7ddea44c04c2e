// Benchmark worker: hashes passwords inside workerd exactly as the web worker does.
import { hashPassword, verifyPassword } from "../../app/server/password.server";

async function pbkdf2(password: string, iterations: number) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
}

export default {
  async fetch(request: Request) {
    const url = new URL(request.url);
    if (url.pathname === "/scrypt") {
      const stored = await hashPassword("correct horse battery");
      return Response.json({ ok: await verifyPassword("correct horse battery", stored) });
    }
    if (url.pathname === "/pbkdf2") {
      await pbkdf2("correct horse battery", Number(url.searchParams.get("iterations") ?? 100000));
      return Response.json({ ok: true });
    }
    return new Response("not found", { status: 404 });
  },
};
