// Graded reports a teacher can hand back: one Word document per graded student (score, each question with the
// answer read, the key, points and feedback, then the overall feedback), written with the `docx` library.
import { and, asc, eq } from "drizzle-orm";
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import type { Db } from "../../../core/db/client";
import { forTeacher } from "../../../core/db/scoped";
import { assignments, submissions } from "../../../core/db/schema";

export type StudentReport = { submissionId: string; fileName: string; bytes: Uint8Array };

const round = (n: number | null | undefined) => (n == null ? "" : String(Math.round(n * 100) / 100));
// eslint-disable-next-line no-control-regex -- control characters cannot be in a Drive file name
const safeName = (name: string) => name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").trim() || "Student";

function cell(text: string, bold = false) {
  return new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
}

/** Reports for the assignment's graded submissions; null when the assignment is not this teacher's. */
export async function gradedReports(db: Db, teacherId: string, assignmentId: string) {
  const scope = forTeacher(db, teacherId);
  const assignment = await scope.find(assignments, assignmentId);
  if (!assignment) return null;
  const graded = await db
    .select()
    .from(submissions)
    .where(scope.where(submissions, and(eq(submissions.assignmentId, assignment.id), eq(submissions.status, "graded"))))
    .orderBy(asc(submissions.studentName), asc(submissions.id));
  const questions = await scope.questionResultsOf(graded.map((s) => s.id));
  const reports: StudentReport[] = [];
  const used = new Set<string>();
  for (const submission of graded) {
    const rows = questions
      .filter((q) => q.submissionId === submission.id)
      .sort((a, b) => a.questionNumber.localeCompare(b.questionNumber, undefined, { numeric: true }));
    const student = submission.studentName || "Unnamed student";
    const doc = new Document({
      creator: "Gradewell",
      title: `${assignment.title}: ${student}`,
      sections: [
        {
          children: [
            new Paragraph({ text: assignment.title, heading: HeadingLevel.HEADING_1 }),
            new Paragraph({ text: student, heading: HeadingLevel.HEADING_2 }),
            new Paragraph({
              children: [
                new TextRun({ text: "Score: ", bold: true }),
                new TextRun(`${round(submission.score)} / ${round(submission.maxScore ?? assignment.points)}`),
                new TextRun(submission.percent == null ? "" : ` (${round(submission.percent)}%)`),
              ],
            }),
            ...(rows.length
              ? [
                  new Table({
                    width: { size: 100, type: WidthType.PERCENTAGE },
                    rows: [
                      new TableRow({
                        tableHeader: true,
                        children: ["Question", "Answer", "Key", "Points", "Feedback"].map((h) => cell(h, true)),
                      }),
                      ...rows.map(
                        (q) =>
                          new TableRow({
                            children: [
                              cell(q.questionNumber),
                              cell(q.studentAnswer ?? ""),
                              cell(q.keyAnswer ?? ""),
                              cell(`${round(q.pointsAwarded)} / ${round(q.pointsPossible)}`),
                              cell(q.feedback || q.reason),
                            ],
                          }),
                      ),
                    ],
                  }),
                ]
              : []),
            new Paragraph({ text: "Feedback", heading: HeadingLevel.HEADING_3 }),
            ...(submission.feedback ?? "").split(/\n+/).map((line) => new Paragraph({ text: line })),
            new Paragraph({
              alignment: AlignmentType.RIGHT,
              children: [new TextRun({ text: "Graded with Gradewell", italics: true, size: 16 })],
            }),
          ],
        },
      ],
    });
    let fileName = `${safeName(student)} - ${safeName(assignment.title)}.docx`;
    for (let n = 2; used.has(fileName); n++) fileName = `${safeName(student)} (${n}) - ${safeName(assignment.title)}.docx`;
    used.add(fileName);
    reports.push({ submissionId: submission.id, fileName, bytes: new Uint8Array(await Packer.toArrayBuffer(doc)) });
  }
  return { assignment, reports };
}
