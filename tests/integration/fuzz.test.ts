// Malformed requests against every route of the build (pages, actions and the JSON API), signed out, with a
// session cookie and with a bearer token: no answer may be a 5xx. Prints how many requests were tried. Then every
// JSON endpoint gets a body with a field it does not know, and must refuse it with a 400 naming the allowed fields.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { allowConsoleError } from "../setup/console-error";
import * as build from "../../build/server/index.js";
import { createAssignment } from "./assignments-helpers";
import { api, ORIGIN, registerTeacher } from "./helpers";
import { signedInCookie } from "./assignments-helpers";
import worker from "./test-worker";

type Route = { id: string; path?: string; index?: boolean; parentId?: string; module: { action?: unknown } };
const routes = (build as unknown as { routes: Record<string, Route> }).routes;

function fullPath(route: Route): string {
  const parts: string[] = [];
  for (let r: Route | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

const INTENTS = ["add-from-submission", "add-item", "add-note", "add-student", "approval", "approve", "archive", "attendance", "delete"]
  .concat(["delete-note", "edit-note", "enroll", "enroll-existing", "feedback", "generate-code", "import-csv", "points", "preview-csv"])
  .concat([
    "question",
    "regenerate-code",
    "remove-item",
    "score",
    "text",
    "unapprove",
    "unarchive",
    "unenroll",
    "update",
    "update-details",
  ]);
const FIELDS = [
  "title",
  "email",
  "password",
  "name",
  "q",
  "csv",
  "date",
  "points",
  "score",
  "feedback",
  "recognizedText",
  "studentId",
].concat(["noteId", "itemId", "questionId", "classId", "redirectTo", "confirmName", "answerKeyText", "notes", "status", "intent"]);

const HUGE = "x".repeat(3 * 1024 * 1024);
const LONG = "%".repeat(10_000);

type Body = [string, string | null, BodyInit | null];

/** Malformed bodies sent with every method and every kind of caller: [label, content type or null, body]. */
function bodies(): Body[] {
  return [
    ["JSON", "application/json", JSON.stringify({ email: 1, title: ["x"], intent: { a: 1 } })],
    ["broken JSON", "application/json", "{"],
    ["text/plain", "text/plain", "hello=world"],
    ["no content type", null, "a=1&b=2"],
    ["empty form", "application/x-www-form-urlencoded", ""],
    ["broken multipart", "multipart/form-data; boundary=XYZ", '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'],
    ["multipart without boundary", "multipart/form-data", "--\r\n"],
    ["binary", "application/octet-stream", new Uint8Array([0, 255, 1, 254, 0x89, 0x50])],
  ];
}

/** Forms that get past the body checks into the actions (signed in): every intent with hostile values, huge fields. */
function signedInForms(): Body[] {
  const list: Body[] = [
    ["3 MB field", "application/x-www-form-urlencoded", `feedback.q1=${HUGE}&points.q1=1&intent=feedback`],
    ["10000 fields", "application/x-www-form-urlencoded", Array.from({ length: 10_000 }, (_, i) => `f${i}=1`).join("&")],
  ];
  for (const intent of INTENTS) {
    const form = new URLSearchParams({ intent });
    for (const field of FIELDS) if (field !== "intent") form.set(field, field === "date" ? "not-a-date" : "\u0000<script>'\"%");
    form.set("points.nope", "-1");
    list.push([`intent ${intent}`, "application/x-www-form-urlencoded", form.toString()]);
  }
  const multipart = new FormData();
  multipart.set("intent", "add-item");
  multipart.set("file", new File([new Uint8Array([1, 2, 3])], "x.exe"));
  multipart.set("roster", new File(["name\n" + "a,".repeat(1000)], "r.csv"));
  multipart.set("assignment_files", new File(["%PDF-1.7 junk"], "a.pdf"));
  list.push(["multipart with odd files", null, multipart]);
  return list;
}

describe("fuzz: malformed requests to every route", () => {
  it("never answers 5xx", async () => {
    allowConsoleError(); // Remix logs each 405 it answers (a POST to a route without an action)
    const teacher = await registerTeacher();
    const cookie = await signedInCookie(teacher.email, teacher.password);
    const created = await createAssignment(teacher.access_token);
    const assignmentId = created.body.assignment_id!;
    const submissionId = created.body.submission_ids?.[0] ?? "nope";
    const klass = (await (await api("/api/classes", { token: teacher.access_token, json: { name: "Fuzz class" } })).json()) as {
      id?: string;
      class?: { id: string };
    };
    const classId = klass.id ?? klass.class?.id ?? "nope";

    // path → whether its route has an action (bodies only matter there; elsewhere one POST checks the 405).
    const paths = new Map<string, boolean>();
    for (const route of Object.values(routes)) {
      if (route.id === "root" || (!route.path && !route.index)) continue;
      const template = fullPath(route);
      // A real id reaches further into the code than a missing one (which answers 404 early).
      const real = template.includes("class") ? classId : template.includes("student") ? "nope" : assignmentId;
      for (const id of [real]) {
        const path = template
          .replace(":submissionId", submissionId)
          .replace(":jobId", id)
          .replace(":number", "1")
          .replace(":id", id)
          .replace("*", "no/such/page");
        paths.set(path, Boolean(route.module.action));
      }
    }
    // Every HTTP/1.1 client sends Host (Remix's own origin check on actions needs it).
    const host = new URL(ORIGIN).host;
    const anonymous: [string, Record<string, string>] = ["anonymous", { Origin: ORIGIN, Host: host }];
    const cookieAuth: [string, Record<string, string>] = ["signed in", { Origin: ORIGIN, Host: host, Cookie: cookie }];
    const bearer: [string, Record<string, string>] = ["signed in", { Host: host, Authorization: `Bearer ${teacher.access_token}` }];
    const failures: string[] = [];
    let tried = 0;
    const send = async (label: string, path: string, init: RequestInit) => {
      tried += 1;
      if (tried % 250 === 0) console.log(`fuzz: ${tried} requests, at ${path}`);
      const t0 = Date.now();
      // The worker's fetch itself, not SELF: each SELF.fetch nests one more Proxy in the test pool's entrypoint
      // wrapper (vitest-pool-workers' createProxyPrototypeClass), and some 1,800 requests overflowed the stack.
      const ctx = createExecutionContext();
      const request = new Request(`${ORIGIN}${path}`, { ...init, redirect: "manual" });
      const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
      await response.arrayBuffer();
      await waitOnExecutionContext(ctx);
      if (Date.now() - t0 > 3000) console.log(`fuzz: slow (${Date.now() - t0} ms): ${init.method ?? "GET"} ${path} (${label})`);
      if (response.status >= 500) {
        failures.push(`${response.status} ${init.method ?? "GET"} ${path} (${label})`);
        console.log(`5xx: ${failures.at(-1)}`);
      }
      return response;
    };

    const started = Date.now();
    for (const [path, hasAction] of paths) {
      const isApi = path.startsWith("/api/");
      for (const [who, headers] of [anonymous, isApi ? bearer : cookieAuth]) {
        const signedIn = who === "signed in";
        await send(`${who}, long query`, `${path}?q=${LONG}&sort=${LONG}&date=${LONG}`, { headers });
        await send(`${who}, query just under the cap`, `${path}?q=${"%25_".repeat(400)}&date=${"9".repeat(100)}`, { headers });
        await send(`${who}, bad escapes`, `${path}?q=%zz%&class=%00&redirectTo=%2F%09%2Fevil.example`, { headers });
        // Signed out, every action stops at the sign-in check: a few bodies show it does so cleanly.
        const all = bodies();
        const plain = !hasAction ? all.slice(0, 1) : signedIn ? all : all.slice(0, 3);
        for (const method of isApi && hasAction && signedIn ? ["POST", "PUT", "DELETE"] : ["POST"]) {
          const extra = signedIn && hasAction && method === "POST" ? signedInForms().slice(0, isApi ? 2 : undefined) : [];
          const list = [...(method === "POST" ? plain : plain.slice(0, 3)), ...extra];
          // A few at a time: the worker serves requests concurrently, as it would in production.
          for (let i = 0; i < list.length; i += 6) {
            await Promise.all(
              list.slice(i, i + 6).map(([label, type, body]) => {
                const h = new Headers(headers);
                if (type) h.set("Content-Type", type);
                return send(`${who}, ${label}`, path, { method, headers: h, body });
              }),
            );
          }
        }
      }
      // A cross-origin state change is refused whatever it carries.
      const cross = await send("cross-origin with Authorization", path, {
        method: "POST",
        headers: { Origin: "https://evil.example", Authorization: `Bearer ${teacher.access_token}`, "Content-Type": "application/json" },
        body: "{}",
      });
      expect(cross.status, `cross-origin POST ${path}`).toBe(403);
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`fuzz: ${tried} malformed requests over ${paths.size} paths in ${seconds} s; ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
  }, 1_800_000);
});

/** Route modules that read a JSON body, found in the source so that a new JSON endpoint cannot be left out below. */
const routeSources = import.meta.glob<string>("../../app/routes/api.*.ts", { query: "?raw", import: "default", eager: true });
const readsJson = Object.entries(routeSources)
  .filter(([, source]) => /readJsonBody\(|googleCredentialAction\(/.test(source))
  .map(([file]) => file.split("/").at(-1)!)
  .sort();

describe("fuzz: unknown fields in JSON bodies", () => {
  it("every JSON endpoint answers an unknown field with 400 naming the allowed fields", async () => {
    const teacher = await registerTeacher();
    const created = await createAssignment(teacher.access_token);
    const submissionId = created.body.submission_ids?.[0] ?? "nope";
    const student = (await (await api("/api/students", { token: teacher.access_token, json: { name: "Fuzz Student" } })).json()) as {
      student: { id: string };
    };
    // [route file, method, path, a body the endpoint would otherwise accept or refuse for another reason]
    const endpoints: [string, string, string, Record<string, unknown>][] = [
      [
        "api.assignments_.$id.questions.$number.groups.ts",
        "POST",
        `/api/assignments/${created.body.assignment_id}/questions/1/groups`,
        { action: "confirm", key: "12" },
      ],
      [
        "api.auth.change-password.ts",
        "POST",
        "/api/auth/change-password",
        { current_password: teacher.password, new_password: "another long one" },
      ],
      ["api.auth.drive.create-folder.ts", "POST", "/api/auth/drive/create-folder", { folder_name: "Gradewell" }],
      ["api.auth.drive.upload-assignment.ts", "POST", "/api/auth/drive/upload-assignment", { file_name: "a.txt", file_content: "x" }],
      ["api.auth.google.register.ts", "POST", "/api/auth/google/register", { credential: "x.y.z" }],
      ["api.auth.google.token.ts", "POST", "/api/auth/google/token", { credential: "x.y.z" }],
      ["api.auth.login.ts", "POST", "/api/auth/login", { email: teacher.email, password: teacher.password }],
      ["api.auth.profile.ts", "PUT", "/api/auth/profile", { name: "Renamed" }],
      ["api.auth.register.ts", "POST", "/api/auth/register", { name: "New", email: "fuzz-new@school.example", password: "long enough pw" }],
      ["api.classes.ts", "POST", "/api/classes", { name: "Fuzz class" }],
      ["api.exports.canvas-ids.ts", "POST", "/api/exports/canvas-ids", { canvas_ids: {} }],
      ["api.notifications.ts", "POST", "/api/notifications", { ids: "all" }],
      ["api.settings.ts", "PUT", "/api/settings", { default_points: 10 }],
      ["api.students.$id.ts", "PATCH", `/api/students/${student.student.id}`, { name: "Renamed" }],
      ["api.students.ts", "POST", "/api/students", { name: "Another" }],
      ["api.submissions.$id.approve.ts", "POST", `/api/submissions/${submissionId}/approve`, { approved: true }],
      ["api.submissions.$id.questions.$number.ts", "PATCH", `/api/submissions/${submissionId}/questions/1`, { points: 1 }],
      ["api.submissions.$id.regrade.ts", "POST", `/api/submissions/${submissionId}/regrade`, { keep_overrides: true }],
      ["api.submissions.$id.student.ts", "PUT", `/api/submissions/${submissionId}/student`, { student_id: student.student.id }],
      ["api.submissions.$id.ts", "PATCH", `/api/submissions/${submissionId}`, { score: 9, feedback: "Well done." }],
    ];
    expect(endpoints.map(([file]) => file).sort()).toEqual(readsJson);
    const answers: string[] = [];
    for (const [file, method, path, body] of endpoints) {
      const response = await api(path, { method, token: teacher.access_token, json: { ...body, unexpected_field: 1 } });
      const json = (await response.json()) as { error?: string; allowed_fields?: string[] };
      const allowed = Object.keys(body).every((key) => json.allowed_fields?.includes(key));
      answers.push(`${file}: ${response.status} ${allowed ? "allowed fields named" : JSON.stringify(json)}`);
      expect(json.error ?? "", `${method} ${path}`).toMatch(/^Unknown field: unexpected_field\. Allowed fields: /);
    }
    expect(answers).toEqual(endpoints.map(([file]) => `${file}: 400 allowed fields named`));
  });
});
