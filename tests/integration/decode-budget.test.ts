// Decode budgets (docs/decisions/0010): bombs are refused from their headers before anything is decoded, fail
// their own submission with a reason, and do not hold up another teacher's grading.
import { env } from "cloudflare:workers";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readDocument } from "../../workers/grading/engines";
import { docxZipBomb, imageHeaderBombs, manyPagesPdf, pdfImageBomb } from "../fixtures/bombs/pdf-bombs";
import { createAssignment, file, processAndWait } from "./assignments-helpers";
import { registerTeacher } from "./helpers";

async function worksheetPdf(name: string): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  [`Name: ${name}`, "1. 96", "2. 1/2"].forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 24, size: 14, font }));
  return new Uint8Array(await pdf.save());
}

async function submissionsOf(jobId: string) {
  const rows = await env.DB.prepare("SELECT student_name, status, failure_reason FROM submissions WHERE job_id = ? ORDER BY student_name")
    .bind(jobId)
    .all<{ student_name: string; status: string; failure_reason: string | null }>();
  return rows.results;
}

describe("decode budgets", () => {
  it("fails a PDF image bomb's own submission with a reason while another teacher's job completes", async () => {
    const attacker = await registerTeacher();
    const neighbour = await registerTeacher();
    const bomb = await pdfImageBomb({ width: 30_000, height: 30_000 });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024); // small on the wire, 900 MB decoded
    const a = await createAssignment(
      attacker.access_token,
      {},
      { assignment_files: [file(bomb, "bomb.pdf"), file(await worksheetPdf("Ana Diaz"), "ana.pdf")] },
    );
    const b = await createAssignment(neighbour.access_token, {}, { assignment_files: [file(await worksheetPdf("Ben Ode"), "ben.pdf")] });
    expect([a.response.status, b.response.status]).toEqual([201, 201]);

    const [attackerJob, neighbourJob] = await Promise.all([
      processAndWait(attacker.access_token, a.body.assignment_id!),
      processAndWait(neighbour.access_token, b.body.assignment_id!),
    ]);

    expect(await submissionsOf(neighbourJob.jobId)).toEqual([{ student_name: "Ben Ode", status: "graded", failure_reason: null }]);
    const own = await submissionsOf(attackerJob.jobId);
    expect(own).toContainEqual(expect.objectContaining({ student_name: "Ana Diaz", status: "graded" }));
    expect(own).toContainEqual(
      expect.objectContaining({
        status: "failed",
        failure_reason: expect.stringMatching(/^A page image in this PDF is too large to read \(30000 × 30000 pixels, 900 megapixels\)/),
      }),
    );
    const job = await env.DB.prepare("SELECT status FROM grading_jobs WHERE id = ?").bind(attackerJob.jobId).first<{ status: string }>();
    expect(job?.status).toBe("completed_with_failures");
  });

  it.each([
    ["a soft mask bigger than its image", () => pdfImageBomb({ width: 30_000, height: 30_000, variant: "smask" }), /30000 × 30000 pixels/],
    [
      "a JPEG whose frame header outgrows its dictionary",
      () => pdfImageBomb({ width: 60_000, height: 60_000, variant: "jpeg-header" }),
      /60000 × 60000/,
    ],
    [
      "a bomb on a page that also has text",
      () => pdfImageBomb({ width: 30_000, height: 30_000, text: "Name: Ana Diaz" }),
      /too large to read/,
    ],
    ["too many pages", () => manyPagesPdf(31), /This PDF has 31 pages; Gradewell reads at most 30 pages/],
    ["a Word zip bomb", () => docxZipBomb(200 * 1024 * 1024), /This Word document is too large to read/],
    ["a PNG header of 20000 × 20000", async () => imageHeaderBombs(20_000, 20_000).png, /This photo is too large to read \(20000 × 20000/],
    [
      "a JPEG header of 20000 × 20000",
      async () => imageHeaderBombs(20_000, 20_000).jpeg,
      /This photo is too large to read \(20000 × 20000/,
    ],
    ["a HEIC of 20000 × 20000", async () => imageHeaderBombs(20_000, 20_000).heic, /This photo is too large to read \(20000 × 20000/],
  ])("refuses %s before decoding it", async (_, make, message) => {
    const bytes = await make();
    await expect(readDocument(bytes)).rejects.toMatchObject({ reason: "too-large", message: expect.stringMatching(message) });
  });

  it("still reads a PDF of 30 pages", async () => {
    const reading = await readDocument(await manyPagesPdf(30));
    expect(reading.pages).toHaveLength(30);
  });
});
