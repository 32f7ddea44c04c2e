// The Google Classroom REST v1 part of the fake Google (tests only), on the same loopback origin: courses, a
// course's students, courseWork (list, get, create) and studentSubmissions (list, patch, return), with Google's
// paths, JSON shapes, page tokens, scope checks and its rule that an app may change grades only on coursework its
// own project created (403 @ProjectPermissionDenied). Turned-in attachments are files of the fake Drive. Control
// endpoints under /__fake/classroom seed courses and coursework and read back what Gradewell wrote.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export type FakeCourse = { id: string; name: string; section?: string; teacherEmail: string; courseState: string };
export type FakeStudent = { userId: string; fullName: string; email: string };
export type FakeCourseWork = {
  id: string;
  courseId: string;
  title: string;
  description?: string;
  maxPoints?: number;
  associatedWithDeveloperProject: boolean;
};
export type FakeSubmission = {
  id: string;
  courseId: string;
  courseWorkId: string;
  userId: string;
  state: string;
  late: boolean;
  draftGrade?: number;
  assignedGrade?: number;
  attachments: { driveFile: { id: string; title: string } }[];
};
export type FakeClassroomState = {
  courses: Map<string, FakeCourse>;
  students: Map<string, FakeStudent[]>;
  courseWork: Map<string, FakeCourseWork>;
  submissions: Map<string, FakeSubmission>;
  pageSize: number;
  /** Grade changes Gradewell made (patch and return calls), to see that an unchanged resend makes none. */
  writes: number;
};

type Grant = { user: { email: string }; scope: string };
type Send = (res: ServerResponse, status: number, body: unknown) => void;
type AddFile = (input: { id?: string; name: string; mimeType: string; content: Buffer }) => { id: string };
type SeedFile = { id?: string; name: string; mimeType: string; contentBase64: string };

const CLASSROOM = "https://www.googleapis.com/auth/classroom.";
const newId = () => String(BigInt(`0x${randomBytes(6).toString("hex")}`));

export function fakeClassroom(send: Send, addFile: AddFile) {
  const state: FakeClassroomState = {
    courses: new Map(),
    students: new Map(),
    courseWork: new Map(),
    submissions: new Map(),
    pageSize: 30,
    writes: 0,
  };
  const err = (res: ServerResponse, code: number, message: string, status: string) => send(res, code, { error: { code, message, status } });
  const notFound = (res: ServerResponse) => err(res, 404, "Requested entity was not found.", "NOT_FOUND");

  const courseJson = (c: FakeCourse) => ({
    id: c.id,
    name: c.name,
    ...(c.section ? { section: c.section } : {}),
    courseState: c.courseState,
    alternateLink: `https://classroom.google.com/c/${c.id}`,
  });
  const workJson = (w: FakeCourseWork) => ({
    courseId: w.courseId,
    id: w.id,
    title: w.title,
    ...(w.description ? { description: w.description } : {}),
    ...(w.maxPoints !== undefined ? { maxPoints: w.maxPoints } : {}),
    workType: "ASSIGNMENT",
    state: "PUBLISHED",
    associatedWithDeveloperProject: w.associatedWithDeveloperProject,
  });
  const submissionJson = (s: FakeSubmission) => ({
    courseId: s.courseId,
    courseWorkId: s.courseWorkId,
    id: s.id,
    userId: s.userId,
    state: s.state,
    ...(s.late ? { late: true } : {}),
    ...(s.draftGrade !== undefined ? { draftGrade: s.draftGrade } : {}),
    ...(s.assignedGrade !== undefined ? { assignedGrade: s.assignedGrade } : {}),
    courseWorkType: "ASSIGNMENT",
    assignmentSubmission: { attachments: s.attachments },
  });

  function page<T>(res: ServerResponse, u: URL, key: string, items: T[]) {
    const size = Number(u.searchParams.get("pageSize")) || state.pageSize;
    const start = Number(u.searchParams.get("pageToken") ?? 0);
    const slice = items.slice(start, start + size);
    const next = start + size < items.length ? { nextPageToken: String(start + size) } : {};
    send(res, 200, slice.length ? { [key]: slice, ...next } : { ...next });
  }

  function files(input: SeedFile[] | undefined) {
    return (input ?? []).map((f) => {
      const file = addFile({ id: f.id, name: f.name, mimeType: f.mimeType, content: Buffer.from(f.contentBase64, "base64") });
      return { driveFile: { id: file.id, title: f.name } };
    });
  }

  /** Classroom's v1 endpoints; `grant` is null when the bearer token is missing, expired or revoked. */
  async function api(req: IncomingMessage, res: ServerResponse, u: URL, body: Buffer, grant: Grant | null) {
    if (!grant) return err(res, 401, "Request had invalid authentication credentials.", "UNAUTHENTICATED");
    const scopes = grant.scope.split(/\s+/);
    const has = (...names: string[]) => names.some((n) => scopes.includes(CLASSROOM + n));
    const denied = () => err(res, 403, "Request had insufficient authentication scopes.", "PERMISSION_DENIED");
    const m = u.pathname.match(
      /^\/v1\/courses(?:\/([^/]+)(?:\/(students|courseWork)(?:\/([^/]+)(?:\/studentSubmissions(?:\/([^/:]+)(:return)?)?)?)?)?)?$/,
    );
    if (!m) return notFound(res);
    const [, courseId, child, workId, subId, doReturn] = m.map((part) => (part ? decodeURIComponent(part) : part));
    const mine = (c: FakeCourse | undefined) => c && c.teacherEmail === grant.user.email && c.courseState === "ACTIVE";
    if (!courseId) {
      if (!has("courses", "courses.readonly")) return denied();
      return page(res, u, "courses", [...state.courses.values()].filter(mine).map(courseJson));
    }
    const course = state.courses.get(courseId);
    if (!mine(course)) return notFound(res);
    if (!child) return has("courses", "courses.readonly") ? send(res, 200, courseJson(course!)) : denied();
    if (child === "students") {
      if (!has("rosters", "rosters.readonly")) return denied();
      const emails = has("profile.emails");
      const list = (state.students.get(courseId) ?? []).map((s) => {
        const [givenName, ...rest] = s.fullName.split(" ");
        const name = { givenName, familyName: rest.join(" "), fullName: s.fullName };
        return { courseId, userId: s.userId, profile: { id: s.userId, name, ...(emails ? { emailAddress: s.email } : {}) } };
      });
      return page(res, u, "students", list);
    }
    const canRead = has("coursework.students", "coursework.students.readonly");
    const canWrite = has("coursework.students");
    if (!workId) {
      if (req.method === "POST") {
        if (!canWrite) return denied();
        const input = JSON.parse(body.toString() || "{}") as {
          title?: string;
          description?: string;
          maxPoints?: number;
          workType?: string;
        };
        if (!input.title || input.workType !== "ASSIGNMENT") return err(res, 400, "Invalid courseWork.", "INVALID_ARGUMENT");
        const work: FakeCourseWork = {
          id: newId(),
          courseId,
          title: input.title,
          description: input.description,
          maxPoints: input.maxPoints,
          associatedWithDeveloperProject: true,
        };
        state.courseWork.set(work.id, work);
        // Classroom gives every student of the course a submission for new coursework.
        for (const s of state.students.get(courseId) ?? []) addSubmission({ courseWorkId: work.id, userId: s.userId, state: "NEW" });
        return send(res, 200, workJson(work));
      }
      if (!canRead) return denied();
      return page(res, u, "courseWork", [...state.courseWork.values()].filter((w) => w.courseId === courseId).map(workJson));
    }
    const work = state.courseWork.get(workId);
    if (!work || work.courseId !== courseId) return notFound(res);
    if (!u.pathname.includes("/studentSubmissions")) return canRead ? send(res, 200, workJson(work)) : denied();
    if (!subId) {
      if (!canRead) return denied();
      return page(
        res,
        u,
        "studentSubmissions",
        [...state.submissions.values()].filter((s) => s.courseWorkId === workId).map(submissionJson),
      );
    }
    const submission = state.submissions.get(subId);
    if (!submission || submission.courseWorkId !== workId) return notFound(res);
    if (!canWrite) return denied();
    if (!work.associatedWithDeveloperProject)
      return err(
        res,
        403,
        "@ProjectPermissionDenied The Developer Console project is not permitted to make this request.",
        "PERMISSION_DENIED",
      );
    state.writes += 1;
    if (req.method === "PATCH") {
      const mask = (u.searchParams.get("updateMask") ?? "").split(",").filter(Boolean);
      if (mask.length === 0 || mask.some((f) => f !== "draftGrade" && f !== "assignedGrade"))
        return err(res, 400, "updateMask: only draftGrade and assignedGrade may be changed.", "INVALID_ARGUMENT");
      const input = JSON.parse(body.toString() || "{}") as { draftGrade?: number; assignedGrade?: number };
      for (const field of mask) submission[field as "draftGrade" | "assignedGrade"] = input[field as "draftGrade" | "assignedGrade"];
      return send(res, 200, submissionJson(submission));
    }
    if (req.method === "POST" && doReturn) {
      submission.state = "RETURNED";
      return send(res, 200, {});
    }
    return err(res, 405, "Method not allowed", "INVALID_ARGUMENT");
  }

  function addSubmission(input: { courseWorkId: string; userId: string; state?: string; late?: boolean; files?: SeedFile[] }) {
    const work = state.courseWork.get(input.courseWorkId)!;
    const existing = [...state.submissions.values()].find((s) => s.courseWorkId === work.id && s.userId === input.userId);
    const submission: FakeSubmission = existing ?? {
      id: `Cg${newId()}`,
      courseId: work.courseId,
      courseWorkId: work.id,
      userId: input.userId,
      state: "NEW",
      late: false,
      attachments: [],
    };
    submission.state = input.state ?? submission.state;
    submission.late = input.late ?? submission.late;
    submission.attachments.push(...files(input.files));
    state.submissions.set(submission.id, submission);
    return submission;
  }

  /** /__fake/classroom/...: seeding and reading back. Answers false when the path is not one of these. */
  async function control(req: IncomingMessage, res: ServerResponse, path: string, body: Buffer): Promise<boolean> {
    const input = () => JSON.parse(body.toString() || "{}");
    if (path === "/__fake/classroom" && req.method === "GET") {
      send(res, 200, {
        courses: [...state.courses.values()],
        courseWork: [...state.courseWork.values()],
        submissions: [...state.submissions.values()],
        writes: state.writes,
      });
    } else if (path === "/__fake/classroom/courses" && req.method === "POST") {
      const c = input() as { id?: string; name: string; section?: string; teacherEmail: string; students?: FakeStudent[] };
      const course: FakeCourse = {
        id: c.id ?? newId(),
        name: c.name,
        section: c.section,
        teacherEmail: c.teacherEmail,
        courseState: "ACTIVE",
      };
      state.courses.set(course.id, course);
      state.students.set(course.id, c.students ?? []);
      send(res, 200, { id: course.id });
    } else if (path === "/__fake/classroom/students" && req.method === "POST") {
      const c = input() as { courseId: string; students: FakeStudent[] };
      state.students.set(c.courseId, c.students);
      send(res, 200, {});
    } else if (path === "/__fake/classroom/coursework" && req.method === "POST") {
      const w = input() as Omit<FakeCourseWork, "id" | "associatedWithDeveloperProject"> & {
        id?: string;
        associatedWithDeveloperProject?: boolean;
        submissions?: { userId: string; state?: string; late?: boolean; files?: SeedFile[] }[];
      };
      const work: FakeCourseWork = {
        id: w.id ?? newId(),
        courseId: w.courseId,
        title: w.title,
        description: w.description,
        maxPoints: w.maxPoints,
        associatedWithDeveloperProject: w.associatedWithDeveloperProject ?? false,
      };
      state.courseWork.set(work.id, work);
      const made = (w.submissions ?? []).map((s) => addSubmission({ ...s, courseWorkId: work.id }));
      send(res, 200, { id: work.id, submissions: made.map((s) => ({ id: s.id, userId: s.userId })) });
    } else if (path === "/__fake/classroom/turn-in" && req.method === "POST") {
      const s = input() as { courseWorkId: string; userId: string; late?: boolean; files?: SeedFile[] };
      send(res, 200, { id: addSubmission({ ...s, state: "TURNED_IN" }).id });
    } else if (path === "/__fake/classroom/delete-course" && req.method === "POST") {
      state.courses.delete((input() as { id: string }).id);
      send(res, 200, {});
    } else if (path === "/__fake/classroom/page-size" && req.method === "POST") {
      state.pageSize = (input() as { pageSize: number }).pageSize;
      send(res, 200, {});
    } else return false;
    return true;
  }

  return { state, api, control };
}
