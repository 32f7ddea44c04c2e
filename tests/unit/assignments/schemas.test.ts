import { describe, expect, it } from "vitest";
import { AssignmentForm, ESTIMATED_TIME_MESSAGE, POINTS_MESSAGE, TITLE_REQUIRED_MESSAGE } from "~/schemas/assignments";

const parse = (fields: Record<string, unknown>) => AssignmentForm.safeParse({ title: "Fractions quiz", ...fields });
const messages = (fields: Record<string, unknown>) => {
  const result = parse(fields);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("AssignmentForm (spec section 5)", () => {
  it("applies the spec's defaults: points 100, estimated time 30, type homework, process now", () => {
    const result = parse({});
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      points: 100,
      estimatedTime: 30,
      assignmentType: "homework",
      processingMode: "immediate",
      dueDate: null,
    });
  });

  it("requires a title unless details are skipped", () => {
    expect(messages({ title: "  " })).toEqual([TITLE_REQUIRED_MESSAGE]);
    expect(messages({ title: "", skipDetails: "on" })).toEqual([]);
  });

  it("says 'Title is required' together with the other errors, not only once they are fixed", () => {
    const all = messages({ title: "", points: "0", estimatedTime: "1", dueDate: "not a date" });
    expect(all).toEqual(expect.arrayContaining([TITLE_REQUIRED_MESSAGE, POINTS_MESSAGE, ESTIMATED_TIME_MESSAGE]));
    expect(messages({ title: "", skipDetails: "on", points: "0" })).toEqual([POINTS_MESSAGE]);
  });

  it("needs at least 1 point and 5 to 300 minutes", () => {
    expect(messages({ points: "0" })).toEqual([POINTS_MESSAGE]);
    expect(messages({ points: "abc" })).toEqual([POINTS_MESSAGE]);
    expect(messages({ points: "1" })).toEqual([]);
    expect(messages({ estimatedTime: "4" })).toEqual([ESTIMATED_TIME_MESSAGE]);
    expect(messages({ estimatedTime: "301" })).toEqual([ESTIMATED_TIME_MESSAGE]);
    expect(messages({ estimatedTime: "5" })).toEqual([]);
    expect(messages({ estimatedTime: "300" })).toEqual([]);
  });

  it("reads the processing mode from the radio or from the spec's two flags", () => {
    expect(parse({ processingMode: "later" }).data?.processingMode).toBe("later");
    expect(parse({ processLater: "true" }).data?.processingMode).toBe("later");
    expect(parse({ saveWithoutProcessing: "true" }).data?.processingMode).toBe("none");
    expect(parse({ saveWithoutProcessing: "false", processLater: "false" }).data?.processingMode).toBe("immediate");
    expect(parse({ saveWithoutProcessing: "true", processLater: "true" }).success).toBe(false);
  });

  it("forces detection off when the matching override is on, and keeps overrides only when switched on", () => {
    const on = parse({
      autoDetectStudents: "on",
      autoDetectStandards: "true",
      useManualStudents: "on",
      manualStudentNames: "Ana\n\nBen\n",
      useManualStandards: "on",
      selectedStandards: '["CCSS.1", " ", "CCSS.1", "CCSS.2"]',
    }).data!;
    expect(on).toMatchObject({
      autoDetectStudents: false,
      autoDetectStandards: false,
      manualStudentNames: ["Ana", "Ben"],
      selectedStandards: ["CCSS.1", "CCSS.2"],
    });
    const off = parse({ autoDetectStudents: "on", manualStudentNames: "Ana", selectedStandards: ["x"] }).data!;
    expect(off).toMatchObject({ autoDetectStudents: true, manualStudentNames: [], selectedStandards: [] });
  });

  it("accepts repeated standard fields from the page form", () => {
    expect(parse({ useManualStandards: "on", selectedStandards: ["A", "B", "A"] }).data?.selectedStandards).toEqual(["A", "B"]);
  });

  it("keeps a datetime-local due date as entered", () => {
    expect(parse({ dueDate: "2025-03-14T09:30" }).data?.dueDate?.toISOString()).toBe("2025-03-14T09:30:00.000Z");
    expect(parse({ dueDate: "not a date" }).success).toBe(false);
  });

  it("rejects an unknown assignment type", () => {
    expect(parse({ assignmentType: "exam" }).success).toBe(false);
    expect(parse({ assignmentType: "essay" }).data?.assignmentType).toBe("essay");
  });
});
