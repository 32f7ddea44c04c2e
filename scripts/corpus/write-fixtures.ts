// Writes the few corpus files the workerd integration test needs (it cannot render images itself).
// Run: npx tsx scripts/corpus/write-fixtures.ts
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { renderWorksheetImage, WORKSHEETS } from "./worksheets";

const dir = path.join(import.meta.dirname, "../../tests/fixtures/engines");
mkdirSync(dir, { recursive: true });
const ws = WORKSHEETS[0];
writeFileSync(path.join(dir, "photographed-worksheet.jpg"), await renderWorksheetImage(ws.lines, "photo"));
writeFileSync(
  path.join(dir, "photographed-worksheet.json"),
  JSON.stringify({ id: ws.id, key: ws.key, points: ws.points, gradeLevel: ws.gradeLevel, studentName: ws.studentName, expected: ws.expected, lines: ws.lines }, null, 2) + "\n",
);
console.log("wrote", dir);
