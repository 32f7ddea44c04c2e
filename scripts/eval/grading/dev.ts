// npm run eval:grading:dev — the DEV worksheets (never the held-out ones) graded in Node, every disagreement
// and flag listed: what the grading rules are developed against. EVAL_OCR=1 also reads the photographed render
// with the OCR engine; EVAL_OCR=all the clean, photographed and phone-snap ones; EVAL_OCR=clean (or another) one.
// EVAL_COUNT=36 makes more dev worksheets (the first 12 stay the same).
import { gradeSubmission, keyNumberValues, parseAnswerKey, readDocument } from "../../../workers/grading/engines";
import { printSummary, type Graded } from "../../../tests/eval/grading/metrics";
import { renderWorksheet } from "../../../tests/eval/grading/render";
import { generateWorksheets } from "../../../tests/eval/grading/worksheets";

const sheets = generateWorksheets("dev", Number(process.env.EVAL_COUNT ?? 12));
const graded: Graded[] = [];
for (const [i, sheet] of sheets.entries()) {
  const key = parseAnswerKey(sheet.key, { totalPoints: sheet.points });
  const assignment = { points: sheet.points, gradeLevel: 6 };
  graded.push({ source: "typed text", sheet, result: gradeSubmission({ text: sheet.lines.join("\n"), key, assignment }) });
  if (process.env.EVAL_OCR) {
    for (const render of ["clean", "photographed", "phone-snap"] as const) {
      const wanted = process.env.EVAL_OCR === "1" ? "photographed" : process.env.EVAL_OCR;
      if (wanted !== "all" && render !== wanted) continue;
      const reading = await readDocument(await renderWorksheet(sheet.lines, render, 900 + i), { keyNumbers: keyNumberValues(key) });
      graded.push({ source: render, sheet, result: gradeSubmission({ reading, key, assignment }) });
    }
  }
}
printSummary(`DEV split (${sheets.length} worksheets)`, graded, { verbose: true });
