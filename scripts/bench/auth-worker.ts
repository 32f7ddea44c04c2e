// Benchmark worker: hashes passwords inside workerd exactly as the web worker does.
import { scryptAsync } from "@noble/hashes/scrypt.js";
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from "../../app/server/password.server";

async function pbkdf2(password: string, iterations: number) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
}

/** Hashes made once per parameter set, so that /verify times one derivation: what a sign-in costs. */
const stored = new Map<string, Promise<string>>();

export default {
  async fetch(request: Request) {
    const url = new URL(request.url);
    const number = (name: string, fallback: number) => Number(url.searchParams.get(name) ?? fallback);
    const params = {
      logN: number("logN", SCRYPT_PARAMS.logN),
      r: number("r", SCRYPT_PARAMS.r),
      p: number("p", SCRYPT_PARAMS.p),
      dkLen: SCRYPT_PARAMS.dkLen,
    };
    if (url.pathname === "/verify") {
      const key = `${params.logN}/${params.r}/${params.p}`;
      if (!stored.has(key)) stored.set(key, hashPassword("correct horse battery", params));
      return Response.json({ ok: await verifyPassword("correct horse battery", await stored.get(key)!) });
    }
    if (url.pathname === "/noble") {
      // The pure-JS scrypt Gradewell used before issue 34, for comparison.
      const salt = crypto.getRandomValues(new Uint8Array(16));
      await scryptAsync("correct horse battery", salt, { N: 2 ** params.logN, r: params.r, p: params.p, dkLen: 32, asyncTick: 50 });
      return Response.json({ ok: true });
    }
    if (url.pathname === "/pbkdf2") {
      await pbkdf2("correct horse battery", Number(url.searchParams.get("iterations") ?? 100000));
      return Response.json({ ok: true });
    }
    return new Response("not found", { status: 404 });
  },
};
