// Writes the class-set fixtures of the workerd integration test (tests/integration/class-set.test.ts): one
// wrapped-question worksheet with options on their own line, four students' photographed copies, and its key; and
// the worksheet unfilled, snapped by the teacher's phone (tests/integration/blank-worksheet.test.ts).
// `npx tsx scripts/eval/class-sets/write-fixtures.ts` (the images are committed; this only rebuilds them).
import { mkdirSync, writeFileSync } from "node:fs";
import { generateClassSet, seedOf } from "./layouts";
import { renderPage } from "./render";

const dir = new URL("../../../tests/fixtures/class-set/", import.meta.url);
mkdirSync(dir, { recursive: true });
const set = generateClassSet("wrapped", 4);
const pages = [];
for (const [s, page] of set.pages.entries()) {
  const file = `wrapped-${s + 1}.jpg`;
  writeFileSync(new URL(file, dir), await renderPage(page, "photographed", seedOf("wrapped") + s));
  pages.push({ file, student: page.student, answers: page.answers.map((a) => a.text), expected: page.expected });
}
// The blank: the printed sheet only (a page's print marks), as a phone snap: another frame than the pages'.
const [first] = set.pages;
const blank = { ...first!, student: "", marks: first!.marks.filter((m) => m.face === "print"), answers: [] };
writeFileSync(new URL("wrapped-blank.jpg", dir), await renderPage(blank, "phone-snap", seedOf("wrapped") + 99));
const questions = set.questions.map((q, i) => ({ number: i + 1, text: q.text, options: q.options ?? null }));
writeFileSync(new URL("manifest.json", dir), `${JSON.stringify({ key: set.key, points: set.points, questions, pages }, null, 2)}\n`);
console.log(`wrote ${pages.length} pages to ${dir.pathname}`);
