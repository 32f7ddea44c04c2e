import { describe, expect, it } from "vitest";
import { CLASS_CODE_PATTERN, generateClassCode } from "~/lib/class-code";
import {
  attendanceRate,
  elementarySubjectFor,
  formatFileSize,
  importanceForScore,
  letterGrade,
  signedPoints,
  weekStart,
} from "~/lib/grades";
import { formatPercent } from "~/lib/format";
import { parseCsv, parseRoster } from "~/lib/roster-csv";
import { ClassBody, CreateClassForm, ConferenceItemForm } from "~/schemas/classes";
import { detectConferenceFileType } from "~/server/conference-files.server";

describe("class codes", () => {
  it("are 6 uppercase letters or digits", () => {
    for (let i = 0; i < 200; i++) expect(generateClassCode()).toMatch(CLASS_CODE_PATTERN);
  });
  it("skip biased bytes instead of folding them", () => {
    const bytes = [255, 252, 0, 35, 36, 1, 2, 3, 4, 5, 6, 7];
    expect(generateClassCode(() => new Uint8Array(bytes))).toBe("A9ABCD");
  });
});

describe("grades", () => {
  it("letter grades on the usual scale, N/A without a grade", () => {
    expect(letterGrade(98)).toBe("A+");
    expect(letterGrade(90)).toBe("A-");
    expect(letterGrade(85)).toBe("B");
    expect(letterGrade(59.9)).toBe("F");
    expect(letterGrade(null)).toBeNull();
  });
  it("importance follows the spec's thresholds", () => {
    expect(importanceForScore(90)).toBe("high");
    expect(importanceForScore(89.9)).toBe("medium");
    expect(importanceForScore(80)).toBe("medium");
    expect(importanceForScore(79)).toBe("low");
    expect(importanceForScore(null)).toBe("low");
  });
  it("formats percents, signed trends, sizes and attendance", () => {
    expect(formatPercent(null)).toBe("N/A");
    expect(formatPercent(86.666)).toBe("86.7%");
    expect(signedPoints(4.6)).toBe("+5");
    expect(signedPoints(-3)).toBe("-3");
    expect(signedPoints(null)).toBeNull();
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(attendanceRate({ present: 3, absent: 1, late: 0 })).toBe(75);
    expect(attendanceRate({ present: 0, absent: 0, late: 0 })).toBeNull();
  });
  it("maps subjects onto the elementary cards and weeks onto Mondays", () => {
    expect(elementarySubjectFor("Mathematics")).toBe("Math");
    expect(elementarySubjectFor("English")).toBe("Reading");
    expect(elementarySubjectFor("English", "essay")).toBe("Writing");
    expect(elementarySubjectFor("History")).toBe("Social Studies");
    expect(elementarySubjectFor("Art")).toBeNull();
    expect(weekStart(new Date("2026-03-05T12:00:00Z"))).toBe("2026-03-02");
    expect(weekStart(new Date("2026-03-08T12:00:00Z"))).toBe("2026-03-02");
  });
});

describe("roster CSV", () => {
  it("parses quotes, embedded commas and CRLF", () => {
    expect(parseCsv('a,"b, c",d\r\n"e ""q""",f\n')).toEqual([
      ["a", "b, c", "d"],
      ['e "q"', "f"],
    ]);
  });
  it("reads a header with first and last names and flags bad rows by line", () => {
    const preview = parseRoster(
      "First Name,Last Name,Email\nAda,Lovelace,ADA@school.example\nAlan,,not-an-email\n,,x@y.z\nGrace,Hopper,ada@school.example\n",
    );
    expect(preview.error).toBeNull();
    expect(preview.rows).toMatchObject([
      { line: 2, name: "Ada Lovelace", email: "ada@school.example", error: null },
      { line: 3, name: "Alan", email: "not-an-email", error: "Please enter a valid email address" },
      { line: 4, name: "", email: "x@y.z", error: "Name is missing" },
      { line: 5, name: "Grace Hopper", email: "ada@school.example", error: "This email appears earlier in the file" },
    ]);
  });
  it("reads SIS ids and logins under the column names of Canvas, SIS and OneRoster exports", () => {
    const canvas = parseRoster(
      [
        "Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1",
        "Points Possible,,,,,10",
        '"Lovelace, Ada",101,S-001,ada@school.example,3B,9',
        '"Turing, Alan",102,S-002,alan.t,3B,8',
      ].join("\n"),
    );
    expect(canvas.rows).toEqual([
      { line: 2, name: "Ada Lovelace", email: "ada@school.example", studentNumber: "S-001", loginId: "ada@school.example", error: null },
      { line: 3, name: "Alan Turing", email: "", studentNumber: "S-002", loginId: "alan.t", error: "Email is missing" },
    ]);
    const sis = parseRoster("givenName,familyName,email,identifier,username\nGrace,Hopper,g@school.example,900,ghopper\n");
    expect(sis.rows[0]).toMatchObject({ name: "Grace Hopper", studentNumber: "900", loginId: "ghopper", error: null });
    const ps = parseRoster("Name,Email,Student Number,Login ID\nKat Johnson,k@school.example,12345,k j\n");
    expect(ps.rows[0]).toMatchObject({ studentNumber: "12345", error: "The login cannot contain spaces (at most 120 characters)" });
  });
  it("accepts headerless name,email rows and explains an empty file", () => {
    expect(parseRoster("Ada Lovelace,ada@school.example").rows[0]).toMatchObject({ line: 1, name: "Ada Lovelace", error: null });
    expect(parseRoster("\n\n").error).toMatch(/no rows/);
  });
});

describe("class schemas", () => {
  it("requires name, subject and grade level", () => {
    const result = CreateClassForm.safeParse({});
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(["Class name is required", "Subject is required", "Grade level is required"]));
  });
  it("uppercases a typed class code and rejects the wrong length", () => {
    const ok = CreateClassForm.parse({ name: "Math 3", subject: "Mathematics", gradeLevel: "3", classCode: "ab12cd" });
    expect(ok.classCode).toBe("AB12CD");
    expect(ok.enrollmentMethod).toBe("auto");
    expect(CreateClassForm.safeParse({ name: "x", subject: "Art", gradeLevel: "K", classCode: "ABC" }).success).toBe(false);
  });
  it("accepts the spec's API payload with temporary student ids", () => {
    const body = ClassBody.parse({
      name: "Biology",
      subject: "Science",
      grade_level: 9,
      description: "",
      class_code: "",
      enrollment_method: "manual",
      students: [{ id: 1712, name: "Ada", email: "Ada@School.example" }],
    });
    expect(body.grade_level).toBe("9");
    expect(body.class_code).toBeUndefined();
    expect(body.students[0].email).toBe("ada@school.example");
  });
  it("conference items need a title and a description", () => {
    expect(ConferenceItemForm.safeParse({ title: "Poem" }).success).toBe(false);
    expect(ConferenceItemForm.parse({ title: "Poem", description: "Spring poem" })).toMatchObject({
      type: "work_sample",
      subject: "General",
      importance: "medium",
    });
  });
});

describe("conference file types by content", () => {
  it("accepts GIF, PNG and PDF and refuses HEIC and text", () => {
    expect(detectConferenceFileType(new TextEncoder().encode("GIF89a\x01\x00"))).toBe("gif");
    expect(detectConferenceFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(detectConferenceFileType(new TextEncoder().encode("%PDF-1.7\n"))).toBe("pdf");
    const heic = new Uint8Array([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode("ftypheic"),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode("mif1heic"),
    ]);
    expect(() => detectConferenceFileType(heic)).toThrow(/not a PDF, Word document or picture/);
    expect(() => detectConferenceFileType(new TextEncoder().encode("hello there"))).toThrow(/not a PDF, Word document or picture/);
  });
});
