// The Google Classroom REST v1 calls Gradewell makes: courses, a course's students, courseWork (list, get,
// create) and studentSubmissions (list, patch, return). Every list follows nextPageToken. Google's failures
// become ClassroomError with a kind the pages turn into a plain message.
import type { GoogleConfig } from "../google/config.server";

export type ClassroomErrorKind = "auth" | "scope" | "gone" | "not_owner" | "failed";

export class ClassroomError extends Error {
  constructor(
    readonly kind: ClassroomErrorKind,
    message: string,
    /** What a 404 was about: the course, or coursework inside a course that is still there. */
    readonly what: "course" | "coursework" | "submission" | null = null,
  ) {
    super(message);
    this.name = "ClassroomError";
  }
}

export type Course = { id: string; name: string; section?: string; courseState?: string; alternateLink?: string };
export type CourseStudent = {
  userId: string;
  profile?: { id?: string; name?: { givenName?: string; familyName?: string; fullName?: string }; emailAddress?: string };
};
export type CourseWork = {
  id: string;
  courseId: string;
  title: string;
  description?: string;
  maxPoints?: number;
  workType?: string;
  state?: string;
  dueDate?: { year: number; month: number; day: number };
  dueTime?: { hours?: number; minutes?: number };
  associatedWithDeveloperProject?: boolean;
};
export type DriveAttachment = { driveFile?: { id: string; title?: string; alternateLink?: string } };
export type StudentSubmission = {
  id: string;
  courseId: string;
  courseWorkId: string;
  userId: string;
  state?: "NEW" | "CREATED" | "TURNED_IN" | "RETURNED" | "RECLAIMED_BY_STUDENT" | "SUBMISSION_STATE_UNSPECIFIED";
  late?: boolean;
  draftGrade?: number;
  assignedGrade?: number;
  assignmentSubmission?: { attachments?: DriveAttachment[] };
};

/** Google's error body: {error: {code, message, status}}. */
async function failure(response: Response, what: "course" | "coursework" | "submission"): Promise<ClassroomError> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string; status?: string } } | null;
  const message = body?.error?.message ?? `Google Classroom answered ${response.status}.`;
  if (response.status === 401) return new ClassroomError("auth", message);
  if (response.status === 403 && /ProjectPermissionDenied/i.test(message)) return new ClassroomError("not_owner", message);
  if (response.status === 403 && /scope/i.test(message)) return new ClassroomError("scope", message);
  if (response.status === 404) return new ClassroomError("gone", message, what);
  return new ClassroomError("failed", message);
}

export function classroomClient(config: GoogleConfig, accessToken: string) {
  const base = config.endpoints.classroom;
  const path = (...parts: string[]) => parts.map(encodeURIComponent).join("/");

  async function call<T>(url: string, what: "course" | "coursework" | "submission", init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${accessToken}`);
    if (init.body) headers.set("Content-Type", "application/json");
    const response = await fetch(url, { ...init, headers });
    if (!response.ok) throw await failure(response, what);
    return (await response.json()) as T;
  }

  async function list<T>(url: string, key: string, what: "course" | "coursework" | "submission"): Promise<T[]> {
    const out: T[] = [];
    let pageToken: string | undefined;
    do {
      const page = new URL(url);
      if (pageToken) page.searchParams.set("pageToken", pageToken);
      const body = await call<Record<string, unknown> & { nextPageToken?: string }>(page.toString(), what);
      out.push(...((body[key] as T[] | undefined) ?? []));
      pageToken = body.nextPageToken || undefined;
    } while (pageToken);
    return out;
  }

  return {
    /** The courses the teacher teaches that are still active. */
    courses: () => list<Course>(`${base}/courses?teacherId=me&courseStates=ACTIVE`, "courses", "course"),
    course: (courseId: string) => call<Course>(`${base}/courses/${path(courseId)}`, "course"),
    students: (courseId: string) => list<CourseStudent>(`${base}/courses/${path(courseId)}/students`, "students", "course"),
    courseWorkList: (courseId: string) =>
      list<CourseWork>(`${base}/courses/${path(courseId)}/courseWork?courseWorkStates=PUBLISHED`, "courseWork", "course"),
    courseWork: (courseId: string, courseWorkId: string) =>
      call<CourseWork>(`${base}/courses/${path(courseId, "courseWork", courseWorkId)}`, "coursework"),
    createCourseWork: (courseId: string, input: { title: string; description: string; maxPoints: number }) =>
      call<CourseWork>(`${base}/courses/${path(courseId)}/courseWork`, "course", {
        method: "POST",
        body: JSON.stringify({ ...input, workType: "ASSIGNMENT", state: "PUBLISHED" }),
      }),
    submissions: (courseId: string, courseWorkId: string) =>
      list<StudentSubmission>(
        `${base}/courses/${path(courseId, "courseWork", courseWorkId)}/studentSubmissions`,
        "studentSubmissions",
        "coursework",
      ),
    /** Sets the draft grade, and the assigned grade too when `assigned` (what the student sees once returned). */
    grade: (courseId: string, courseWorkId: string, submissionId: string, grade: number, assigned: boolean) =>
      call<StudentSubmission>(
        `${base}/courses/${path(courseId, "courseWork", courseWorkId, "studentSubmissions", submissionId)}?updateMask=${
          assigned ? "draftGrade,assignedGrade" : "draftGrade"
        }`,
        "submission",
        { method: "PATCH", body: JSON.stringify(assigned ? { draftGrade: grade, assignedGrade: grade } : { draftGrade: grade }) },
      ),
    returnToStudent: (courseId: string, courseWorkId: string, submissionId: string) =>
      call<Record<string, never>>(
        `${base}/courses/${path(courseId, "courseWork", courseWorkId, "studentSubmissions", submissionId)}:return`,
        "submission",
        { method: "POST", body: "{}" },
      ),
  };
}

export type ClassroomClient = ReturnType<typeof classroomClient>;
