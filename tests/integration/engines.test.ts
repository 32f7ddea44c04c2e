// Inside workerd: a photographed typed worksheet is read by the bundled OCR engine (onnxruntime's wasm as a
// compiled module, the PP-OCR models as data, no worker threads, no network) and graded against its key.
import { describe, expect, it } from "vitest";
import photo from "../fixtures/engines/photographed-worksheet.jpg";
import fixture from "../fixtures/engines/photographed-worksheet.json";
import phoneSnap from "../fixtures/engines/phone-snap.jpg";
import snapFixture from "../fixtures/engines/phone-snap.json";
import {
  createFeedbackModel,
  detectFileType,
  getOcrEngine,
  gradeSubmission,
  parseAnswerKey,
  readDocument,
  streamFeedback,
  UnsupportedFileError,
} from "../../workers/grading/engines";

describe("engines inside workerd", () => {
  it("reads a photographed worksheet offline and grades it against its key", async () => {
    const bytes = new Uint8Array(photo as ArrayBuffer);
    expect(detectFileType(bytes)).toBe("jpeg");
    const pages: number[] = [];
    const reading = await readDocument(bytes, { onPage: (p) => pages.push(p.number) });
    expect(pages).toEqual([1]);
    expect(reading.method).toBe("ocr");
    expect(reading.confidence).toBeGreaterThan(0.7);
    expect(reading.text).toContain("Maya Lopez");
    expect(reading.pages[0].lines.length).toBeGreaterThan(8);
    expect(reading.pages[0].lines[0].bbox.width).toBeGreaterThan(0);

    const key = parseAnswerKey(fixture.key, { totalPoints: fixture.points });
    const result = gradeSubmission({ reading, key, assignment: { points: fixture.points, gradeLevel: fixture.gradeLevel } });
    expect(result.studentName).toBe("Maya Lopez");
    expect(result.max).toBe(16);
    // The well-read questions score as the key says; any the camera blurred are sent to the teacher.
    let exact = 0;
    for (const q of result.questions) {
      const expected = (fixture.expected as Record<string, number>)[String(q.number)];
      if (q.pointsAwarded === expected) exact++;
      else expect(q.confidence < 0.6 || result.needsReview).toBe(true);
    }
    expect(exact).toBeGreaterThanOrEqual(6);

    const feedback = streamFeedback({
      result,
      studentText: reading.text,
      assignment: { points: 16, gradeLevel: 5 },
      model: createFeedbackModel(),
    });
    let deltas = 0;
    for await (const delta of feedback.textStream) if (delta) deltas++;
    expect(deltas).toBeGreaterThan(20);
    expect(await feedback.text).toContain("Next step:");
  });

  it("grades a shadowed, tilted ~1000 px phone snap of a page on a desk (heavy JPEG), blanks and all", async () => {
    const bytes = new Uint8Array(phoneSnap as ArrayBuffer);
    const reading = await readDocument(bytes);
    expect(reading.method).toBe("ocr");
    expect(reading.text).toContain(snapFixture.studentName);
    const key = parseAnswerKey(snapFixture.key, { totalPoints: snapFixture.points });
    const result = gradeSubmission({ reading, key, assignment: { points: snapFixture.points, gradeLevel: 6 } });
    expect(result.studentName).toBe(snapFixture.studentName);
    const awarded = Object.fromEntries(result.questions.map((q) => [String(q.number), q.pointsAwarded]));
    expect(awarded).toEqual(snapFixture.expected);
    // A blank is a blank: no answer taken from the next question.
    for (const { number, answer } of snapFixture.answers) {
      const q = result.questions.find((r) => r.number === number)!;
      if (!answer) expect(q.status).toBe("missing");
      else expect(q.studentAnswer).toBe(answer);
    }
    expect(result.total).toBe(Object.values(snapFixture.expected).reduce((a, b) => a + b, 0));
    // The engine's wasm heap (it never shrinks) stays well inside the isolate's 128 MB after a page.
    const heap = (await getOcrEngine()).memoryBytes();
    expect(heap).toBeGreaterThan(0);
    expect(heap).toBeLessThan(96 * 1024 * 1024);
  });

  it("refuses an empty upload and a file that is not a document or photo", async () => {
    await expect(readDocument(new Uint8Array())).rejects.toThrow(UnsupportedFileError);
    await expect(readDocument(new TextEncoder().encode("hello"))).rejects.toThrow(/not a PDF, Word document or photo/);
  });
});
