// Writes the held-out evaluation set for `npm run eval:grading`: the worksheets (manifest.json) and their
// renders (clean PNG, photographed JPEG, phone-snap JPEG) into tests/fixtures/eval/heldout/, where the workerd
// evaluation imports them. Regenerated every run (deterministic), never committed.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateWorksheets, type Split } from "../../../tests/eval/grading/worksheets";
import { renderWorksheet, RENDERS } from "../../../tests/eval/grading/render";

const split = (process.env.EVAL_SPLIT ?? "heldout") as Split;
const dir = path.resolve(import.meta.dirname, "../../../tests/fixtures/eval", split);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const sheets = generateWorksheets(split);
const files: Record<string, string[]> = {};
for (const [i, sheet] of sheets.entries()) {
  files[sheet.id] = [];
  for (const render of RENDERS) {
    const bytes = await renderWorksheet(sheet.lines, render, 500 + i);
    const name = `${sheet.id}.${render}.${render === "clean" ? "png" : "jpg"}`;
    writeFileSync(path.join(dir, name), bytes);
    files[sheet.id]!.push(name);
  }
}
writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ split, sheets, files }, null, 1));
const questions = sheets.reduce((n, s) => n + s.questions.length, 0);
console.log(`Generated ${sheets.length} ${split} worksheets, ${questions} questions, ${sheets.length * RENDERS.length} images in ${dir}.`);
