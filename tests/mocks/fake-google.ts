// A fake Google for tests only, on loopback: the OAuth 2.0 / OpenID Connect endpoints (authorize, token, JWKS,
// revoke) and the Drive v3 endpoints Gradewell uses, speaking Google's real paths, parameters and JSON shapes.
// It checks what Google checks (client secret, redirect URI, PKCE S256, single-use codes, revoked grants) so a
// broken flow fails here as it would against Google. Control endpoints under /__fake/ let tests set the user
// who "signs in", seed Drive files, expire tokens and read what was uploaded.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { fakeClassroom, type FakeClassroomState } from "./fake-classroom";

export type FakeUser = { sub: string; email: string; name: string; email_verified?: boolean };
export type FakeFile = {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  content: Buffer;
  modifiedTime: string;
  createdByApp?: boolean;
};

export type FakeGoogle = {
  url: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  state: FakeGoogleState;
  classroom: FakeClassroomState;
  signIdToken(
    claims: Partial<FakeUser> & Record<string, unknown>,
    options?: { audience?: string; expiresIn?: string; issuer?: string },
  ): Promise<string>;
};

type Grant = { user: FakeUser; scope: string; refreshToken: string | null; revoked: boolean };
export type FakeGoogleState = {
  nextUser: FakeUser;
  codes: Map<string, { user: FakeUser; clientId: string; redirectUri: string; challenge: string; scope: string; offline: boolean }>;
  accessTokens: Map<string, { grant: Grant; expiresAt: number }>;
  refreshTokens: Map<string, Grant>;
  revoked: string[];
  files: Map<string, FakeFile>;
  requests: string[];
  /** Scopes each user has granted (Google adds them up under include_granted_scopes=true). */
  granted: Map<string, Set<string>>;
  /** Scopes the next consent leaves unticked (Google's granular consent). */
  denied: string[];
};

const FOLDER = "application/vnd.google-apps.folder";

export async function startFakeGoogle(options: { port?: number; clientId?: string; clientSecret?: string } = {}): Promise<FakeGoogle> {
  const clientId = options.clientId ?? "gradewell-test.apps.googleusercontent.com";
  const clientSecret = options.clientSecret ?? "fake-google-client-secret";
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "fake-key-1", alg: "RS256", use: "sig" };
  const state: FakeGoogleState = {
    nextUser: { sub: "100000000000000000001", email: "teacher@example.com", name: "Test Teacher", email_verified: true },
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    revoked: [],
    files: new Map(),
    requests: [],
    granted: new Map(),
    denied: [],
  };
  let url = "";

  const signIdToken: FakeGoogle["signIdToken"] = async (claims, opts = {}) => {
    const { sub, email, name, email_verified, ...rest } = { ...state.nextUser, ...claims };
    return new SignJWT({ email, name, email_verified: email_verified ?? true, ...rest })
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid })
      .setSubject(String(sub))
      .setIssuer(opts.issuer ?? url)
      .setAudience(opts.audience ?? clientId)
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? "1h")
      .sign(privateKey);
  };

  const server: Server = createServer(async (req, res) => {
    try {
      await handle(req, res);
    } catch (error) {
      send(res, 500, { error: { code: 500, message: String(error) } });
    }
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? "/", url);
    state.requests.push(`${req.method} ${u.pathname}`);
    const body = await readBody(req);
    const path = u.pathname;

    // --- OAuth 2.0 / OIDC ---
    if (req.method === "GET" && path === "/o/oauth2/v2/auth") {
      const p = u.searchParams;
      if (p.get("client_id") !== clientId) return send(res, 400, "Error 401: invalid_client");
      if (p.get("response_type") !== "code" || p.get("code_challenge_method") !== "S256" || !p.get("code_challenge")) {
        return send(res, 400, "Error 400: invalid_request");
      }
      const code = `4/${randomBytes(12).toString("hex")}`;
      const asked = (p.get("scope") ?? "").split(/\s+/).filter((s) => s && !state.denied.includes(s));
      const before = p.get("include_granted_scopes") === "true" ? [...(state.granted.get(state.nextUser.sub) ?? [])] : [];
      const scope = [...new Set([...before, ...asked])].join(" ");
      state.denied = [];
      state.codes.set(code, {
        user: state.nextUser,
        clientId,
        redirectUri: p.get("redirect_uri") ?? "",
        challenge: p.get("code_challenge")!,
        scope,
        offline: p.get("access_type") === "offline",
      });
      const back = new URL(p.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", p.get("state") ?? "");
      back.searchParams.set("scope", scope);
      res.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (req.method === "POST" && path === "/token") {
      const form = new URLSearchParams(body.toString());
      const [id, secret] = basicAuth(req) ?? [form.get("client_id"), form.get("client_secret")];
      if (id !== clientId || secret !== clientSecret) return send(res, 401, { error: "invalid_client", error_description: "Unauthorized" });
      if (form.get("grant_type") === "authorization_code") {
        const code = state.codes.get(form.get("code") ?? "");
        state.codes.delete(form.get("code") ?? ""); // single use
        if (!code || code.redirectUri !== form.get("redirect_uri"))
          return send(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
        const challenge = createHash("sha256")
          .update(form.get("code_verifier") ?? "")
          .digest("base64url");
        if (challenge !== code.challenge) return send(res, 400, { error: "invalid_grant", error_description: "Missing code verifier." });
        const grant: Grant = {
          user: code.user,
          scope: code.scope,
          refreshToken: code.offline ? `1//${randomBytes(16).toString("hex")}` : null,
          revoked: false,
        };
        if (grant.refreshToken) state.refreshTokens.set(grant.refreshToken, grant);
        state.granted.set(code.user.sub, new Set(code.scope.split(/\s+/).filter(Boolean)));
        const access = issueAccess(grant);
        return send(res, 200, {
          access_token: access,
          expires_in: 3599,
          token_type: "Bearer",
          scope: code.scope,
          ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
          id_token: await signIdToken(code.user),
        });
      }
      if (form.get("grant_type") === "refresh_token") {
        const grant = state.refreshTokens.get(form.get("refresh_token") ?? "");
        if (!grant || grant.revoked)
          return send(res, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
        return send(res, 200, { access_token: issueAccess(grant), expires_in: 3599, token_type: "Bearer", scope: grant.scope });
      }
      return send(res, 400, { error: "unsupported_grant_type" });
    }
    if (req.method === "POST" && path === "/revoke") {
      const token = new URLSearchParams(body.toString()).get("token") ?? u.searchParams.get("token") ?? "";
      const grant = state.refreshTokens.get(token) ?? state.accessTokens.get(token)?.grant;
      if (!grant) return send(res, 400, { error: "invalid_token", error_description: "Token expired or revoked" });
      grant.revoked = true;
      state.granted.delete(grant.user.sub);
      state.revoked.push(token);
      return send(res, 200, {});
    }
    if (req.method === "GET" && path === "/oauth2/v3/certs") {
      res.setHeader("Cache-Control", "public, max-age=21600");
      return send(res, 200, { keys: [jwk] });
    }

    // --- Classroom v1 (tests/mocks/fake-classroom.ts) ---
    if (path.startsWith("/v1/courses")) return classroom.api(req, res, u, body, bearer(req));
    if (path.startsWith("/__fake/classroom") && (await classroom.control(req, res, path, body))) return;

    // --- Drive v3 ---
    if (path.startsWith("/drive/v3/files") || path.startsWith("/upload/drive/v3/files")) {
      const grant = bearer(req);
      if (!grant)
        return send(res, 401, {
          error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" },
        });
      return drive(req, res, u, body, grant);
    }

    // --- Control ---
    if (path === "/__fake/next-user" && req.method === "POST") {
      state.nextUser = { email_verified: true, ...JSON.parse(body.toString()) };
      return send(res, 200, state.nextUser);
    }
    if (path === "/__fake/files" && req.method === "POST") {
      const input = JSON.parse(body.toString()) as {
        id?: string;
        name: string;
        mimeType: string;
        parents?: string[];
        contentBase64?: string;
      };
      const file = addFile({ ...input, content: Buffer.from(input.contentBase64 ?? "", "base64") });
      return send(res, 200, { id: file.id });
    }
    if (path === "/__fake/files" && req.method === "GET") {
      return send(
        res,
        200,
        [...state.files.values()].map(({ content, ...f }) => ({ ...f, size: content.length })),
      );
    }
    if (path === "/__fake/expire-access" && req.method === "POST") {
      for (const token of state.accessTokens.values()) token.expiresAt = 0;
      return send(res, 200, {});
    }
    if (path === "/__fake/revoked" && req.method === "GET") return send(res, 200, state.revoked);
    if (path === "/__fake/deny-scopes" && req.method === "POST") {
      state.denied = (JSON.parse(body.toString()) as { scopes: string[] }).scopes;
      return send(res, 200, {});
    }
    if (path === "/__fake/revoke-user" && req.method === "POST") {
      // The user removes the app in their Google account: every grant of theirs stops working.
      const { email } = JSON.parse(body.toString()) as { email: string };
      for (const grant of state.refreshTokens.values()) if (grant.user.email === email) grant.revoked = true;
      for (const grant of state.refreshTokens.values()) if (grant.user.email === email) state.granted.delete(grant.user.sub);
      for (const token of state.accessTokens.values()) if (token.grant.user.email === email) token.grant.revoked = true;
      return send(res, 200, {});
    }
    if (path === "/__fake/id-token" && req.method === "POST") {
      const input = JSON.parse(body.toString() || "{}") as Record<string, unknown> & { audience?: string; expiresIn?: string };
      const { audience, expiresIn, ...claims } = input;
      return send(res, 200, { credential: await signIdToken(claims, { audience, expiresIn }) });
    }
    send(res, 404, { error: { code: 404, message: "Not Found" } });
  }

  function issueAccess(grant: Grant) {
    const token = `ya29.${randomBytes(16).toString("hex")}`;
    state.accessTokens.set(token, { grant, expiresAt: Date.now() + 3599_000 });
    return token;
  }

  function bearer(req: IncomingMessage): Grant | null {
    const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    const entry = token ? state.accessTokens.get(token) : undefined;
    if (!entry || entry.expiresAt < Date.now() || entry.grant.revoked) return null;
    return entry.grant;
  }

  function addFile(input: { id?: string; name: string; mimeType: string; parents?: string[]; content: Buffer; createdByApp?: boolean }) {
    const file: FakeFile = {
      id: input.id ?? randomBytes(12).toString("base64url"),
      name: input.name,
      mimeType: input.mimeType,
      parents: input.parents?.length ? input.parents : ["root"],
      content: input.content,
      modifiedTime: new Date().toISOString(),
      createdByApp: input.createdByApp,
    };
    state.files.set(file.id, file);
    return file;
  }

  function resource(file: FakeFile, fields: string | null) {
    const full: Record<string, unknown> = {
      kind: "drive#file",
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      parents: file.parents,
      modifiedTime: file.modifiedTime,
      webViewLink: `https://drive.google.com/file/d/${file.id}/view`,
      ...(file.mimeType === FOLDER || file.mimeType.startsWith("application/vnd.google-apps.")
        ? {}
        : { size: String(file.content.length) }),
    };
    if (!fields) return { kind: full.kind, id: full.id, name: full.name, mimeType: full.mimeType };
    const wanted = fields
      .replace(/^files\(|\)$/g, "")
      .split(",")
      .map((f) => f.trim());
    return Object.fromEntries(Object.entries(full).filter(([key]) => wanted.includes(key)));
  }

  async function drive(req: IncomingMessage, res: ServerResponse, u: URL, body: Buffer, grant: Grant) {
    const scopes = grant.scope.split(/\s+/);
    const canRead = scopes.some((s) => s.endsWith("/drive.readonly") || s.endsWith("/drive"));
    const canWrite = scopes.some((s) => s.endsWith("/drive.file") || s.endsWith("/drive"));
    const visible = (file: FakeFile) => canRead || file.createdByApp;
    const match = u.pathname.match(/^\/(upload\/)?drive\/v3\/files(?:\/([^/]+))?(\/export)?$/);
    if (!match) return send(res, 404, { error: { code: 404, message: "Not Found" } });
    const [, upload, id, exported] = match;
    if (req.method === "GET" && !id) {
      const q = u.searchParams.get("q") ?? "";
      const files = [...state.files.values()].filter((file) => visible(file) && matchesQuery(file, q));
      const fields = u.searchParams.get("fields")?.match(/files\(([^)]*)\)/)?.[1] ?? null;
      files.sort((a, b) => Number(b.mimeType === FOLDER) - Number(a.mimeType === FOLDER) || a.name.localeCompare(b.name));
      return send(res, 200, { kind: "drive#fileList", files: files.map((f) => resource(f, fields)) });
    }
    const file = id ? state.files.get(decodeURIComponent(id)) : undefined;
    if (req.method === "GET" && id) {
      if (!file || !visible(file)) return send(res, 404, { error: { code: 404, message: `File not found: ${id}.`, status: "NOT_FOUND" } });
      if (exported) {
        const mimeType = u.searchParams.get("mimeType");
        if (!file.mimeType.startsWith("application/vnd.google-apps.")) {
          return send(res, 403, { error: { code: 403, message: "Export only supports Docs Editors files." } });
        }
        res.writeHead(200, { "Content-Type": mimeType ?? "application/octet-stream", "Content-Length": file.content.length });
        return res.end(file.content);
      }
      if (u.searchParams.get("alt") === "media") {
        if (file.mimeType.startsWith("application/vnd.google-apps.")) {
          return send(res, 403, {
            error: { code: 403, message: "Only files with binary content can be downloaded. Use Export with Docs Editors files." },
          });
        }
        res.writeHead(200, { "Content-Type": file.mimeType, "Content-Length": file.content.length });
        return res.end(file.content);
      }
      return send(res, 200, resource(file, u.searchParams.get("fields")));
    }
    if (req.method === "POST" && !id) {
      if (!canWrite) return send(res, 403, { error: { code: 403, message: "Request had insufficient authentication scopes." } });
      if (upload) {
        if (u.searchParams.get("uploadType") !== "multipart")
          return send(res, 400, { error: { code: 400, message: "Unsupported upload type." } });
        const boundary = req.headers["content-type"]?.match(/boundary=(.+)$/)?.[1];
        if (!boundary) return send(res, 400, { error: { code: 400, message: "Missing multipart boundary." } });
        const parts = splitMultipart(body, boundary);
        if (parts.length !== 2) return send(res, 400, { error: { code: 400, message: "Multipart body must have metadata and media." } });
        const metadata = JSON.parse(parts[0].body.toString()) as { name: string; mimeType?: string; parents?: string[] };
        const created = addFile({
          name: metadata.name,
          mimeType: metadata.mimeType ?? parts[1].type,
          parents: metadata.parents,
          content: parts[1].body,
          createdByApp: true,
        });
        return send(res, 200, resource(created, u.searchParams.get("fields")));
      }
      const metadata = JSON.parse(body.toString() || "{}") as { name: string; mimeType: string; parents?: string[] };
      const created = addFile({
        name: metadata.name,
        mimeType: metadata.mimeType ?? "application/octet-stream",
        parents: metadata.parents,
        content: Buffer.alloc(0),
        createdByApp: true,
      });
      return send(res, 200, resource(created, u.searchParams.get("fields")));
    }
    send(res, 405, { error: { code: 405, message: "Method not allowed" } });
  }

  const classroom = fakeClassroom(send, addFile);

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : options.port}`;
  server.unref();
  return {
    get url() {
      return url;
    },
    clientId,
    clientSecret,
    state,
    classroom: classroom.state,
    signIdToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The part of Drive's query language Gradewell writes: clauses joined by `and`, `or` inside parentheses. */
export function matchesQuery(file: FakeFile, q: string): boolean {
  if (!q.trim()) return true;
  return splitTop(q, " and ").every((clause) => {
    const c = clause.trim();
    if (c.startsWith("(") && c.endsWith(")")) return splitTop(c.slice(1, -1), " or ").some((alt) => matchesQuery(file, alt));
    if (c === "trashed = false") return true;
    let m = c.match(/^'((?:[^'\\]|\\.)*)' in parents$/);
    if (m) return file.parents.includes(unquote(m[1]));
    m = c.match(/^name contains '((?:[^'\\]|\\.)*)'$/);
    if (m) return file.name.toLowerCase().includes(unquote(m[1]).toLowerCase());
    m = c.match(/^(name|mimeType) (=|!=) '((?:[^'\\]|\\.)*)'$/);
    if (m) return (file[m[1] as "name" | "mimeType"] === unquote(m[3])) === (m[2] === "=");
    throw new Error(`fake Google: unsupported query clause: ${c}`);
  });
}

function splitTop(q: string, separator: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < q.length; i++) {
    const ch = q[i];
    if (ch === "\\") i++;
    else if (ch === "'") quoted = !quoted;
    else if (!quoted && ch === "(") depth++;
    else if (!quoted && ch === ")") depth--;
    else if (!quoted && depth === 0 && q.startsWith(separator, i)) {
      out.push(q.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  out.push(q.slice(start));
  return out;
}

const unquote = (s: string) => s.replace(/\\(.)/g, "$1");

function splitMultipart(body: Buffer, boundary: string) {
  const text = body.toString("latin1");
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const raw = chunk.replace(/^\r\n/, "").replace(/\r\n$/, "");
      const split = raw.indexOf("\r\n\r\n");
      const head = raw.slice(0, split);
      return { type: head.match(/Content-Type:\s*([^;\r\n]+)/i)?.[1] ?? "", body: Buffer.from(raw.slice(split + 4), "latin1") };
    });
}

function basicAuth(req: IncomingMessage): [string, string] | null {
  const value = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
  if (!value) return null;
  const [id, secret] = Buffer.from(value, "base64").toString().split(":");
  return [decodeURIComponent(id), decodeURIComponent(secret ?? "")];
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "Content-Type": typeof body === "string" ? "text/plain" : "application/json; charset=UTF-8" });
  res.end(text);
}
