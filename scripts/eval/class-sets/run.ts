// npm run eval:class-sets -- [--set dev|heldout] [--students 4] [--render photographed] [--verbose] [--save DIR]
//   [--read-little] [--family table,word-bank] [--cache DIR] [--template-pages 3]
// SHOW_FLAGGED=1 lists the right marks that were flagged, with the reason.
// --cache keeps each page's reading (alone) in DIR and reads it back on the next run: for iterating on grading rules
// (kept by the reading code's digest: a change under workers/grading/reading reads the pages again).
// Class sets of whole layout families (layouts.ts), each student's page rendered, read with the real OCR and
// graded against the key, per family and capture condition: question agreement with the expected points, flag
// recall (of the disagreeing questions, how many are flagged at that question), right marks flagged, seconds a page.
// When workers/grading/answers/template.ts exports findTemplate, every page is graded twice: alone, and with the
// template found from all the set's pages and the key's answers, as workers/grading/class-set.ts calls it ("as a
// set"). The held-out families are measured once, at the end.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { stripsFromWire, stripsToWire } from "../../../workers/grading/reader-protocol";
import {
  gradeSubmission,
  keyNumberValues,
  parseAnswerKey,
  readDocument,
  type DocumentReading,
  type GradingResult,
} from "../../../workers/grading/engines";
import { findTemplate } from "../../../workers/grading/answers/template";
import { answerPlaces } from "../../../workers/grading/answers/answer-places";
import { questionFlagged } from "../../../tests/eval/grading/metrics";
import { DEV_FAMILIES, generateClassSet, HELDOUT_FAMILIES, seedOf, type ClassSet, type Family } from "./layouts";
import { renderPage, RENDERS, type Render } from "./render";

/** A digest of every source file under workers/grading/reading (the OCR, the handwriting reader, their models). */
function readingCodeHash(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync("workers/grading/reading", { recursive: true, encoding: "utf8" }).sort())
    if (file.endsWith(".ts")) hash.update(readFileSync(`workers/grading/reading/${file}`));
  return hash.digest("hex").slice(0, 12);
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const set = option("set") ?? "dev";
if (set !== "dev" && set !== "heldout") throw new Error(`--set is dev or heldout, not ${set}`);
const students = Number(option("students") ?? 4);
const renders = (option("render") ?? "photographed").split(",") as Render[];
for (const r of renders) if (!RENDERS.includes(r)) throw new Error(`--render takes ${RENDERS.join(",")}, not ${r}`);
const verbose = process.argv.includes("--verbose");
/** Also read each page again against the set's template (its printed lines not recognised), timed. */
const readLittle = process.argv.includes("--read-little");
const saveDir = option("save");
/** The template is found from the set's first pages only (as class-set.ts first finds it from three): default all. */
const templatePages = Number(option("template-pages") ?? Infinity);
// Readings are kept under a digest of the reading code: a change to it reads the pages again.
const cacheDir = option("cache") && `${option("cache")}/${readingCodeHash()}`;
const inSet: readonly Family[] = set === "dev" ? DEV_FAMILIES : HELDOUT_FAMILIES;
/** Some of the set's families only (a family of the other set is refused: held-out families stay held out). */
const only = option("family")?.split(",");
for (const f of only ?? [])
  if (!inSet.includes(f as Family)) throw new Error(`--family takes ${inSet.join(",")} with --set ${set}, not ${f}`);
const families = only ? inSet.filter((f) => only.includes(f)) : inSet;

interface Tally {
  questions: number;
  agree: number;
  wrong: number;
  wrongFlagged: number;
  rightFlagged: number;
}
const empty = (): Tally => ({ questions: 0, agree: 0, wrong: 0, wrongFlagged: 0, rightFlagged: 0 });
const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)}%` : "-");

function tally(t: Tally, cs: ClassSet, s: number, result: GradingResult, label: string, render: Render) {
  const page = cs.pages[s]!;
  cs.questions.forEach((_, i) => {
    const number = i + 1;
    const got = result.questions.find((q) => q.number === number);
    const expected = page.expected[number]!;
    const given = got?.pointsAwarded ?? 0;
    const flagged = got ? questionFlagged(got) : true;
    t.questions++;
    if (Math.abs(given - expected) < 0.01) {
      t.agree++;
      if (flagged) t.rightFlagged++;
      if (flagged && process.env.SHOW_FLAGGED)
        console.log(
          `  [${label}] right, flagged: ${cs.family} ${render} ${page.student} q${number}: read "${got?.studentAnswer ?? "-"}" — ${got?.reviewReason ?? "not graded"}`,
        );
      return;
    }
    t.wrong++;
    if (flagged) t.wrongFlagged++;
    if (verbose)
      console.log(
        `  [${label}] ${cs.family} ${render} ${page.student} q${number}: expected ${expected} given ${given}${flagged ? " (flagged)" : ""}; wrote "${page.answers[i]!.text}", read "${got?.studentAnswer ?? "-"}" — ${got ? `${got.reason}`.slice(0, 120) : "not graded"}`,
      );
  });
}

const cells = (t: Tally) => ({
  agreement: `${t.agree}/${t.questions} (${pct(t.agree, t.questions)})`,
  "flag recall": t.wrong ? `${t.wrongFlagged}/${t.wrong} (${pct(t.wrongFlagged, t.wrong)})` : "-",
  "right flagged": `${t.rightFlagged}/${t.agree} (${pct(t.rightFlagged, t.agree)})`,
});

function table(rows: Record<string, string>[]): string {
  if (!rows.length) return "";
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? "").length)));
  const line = (cs: string[]) => cs.map((c, i) => c.padEnd(widths[i]!)).join(" | ");
  return [line(cols), widths.map((w) => "-".repeat(w)).join("-+-"), ...rows.map((r) => line(cols.map((c) => r[c] ?? "")))].join("\n");
}

console.log(
  `Class sets, ${set.toUpperCase()} families (${families.join(", ")}): ${students} students a family, render ${renders.join(", ")}; ` +
    "graded alone and as a set (the worksheet's template found from the set).",
);
const rows: Record<string, string>[] = [];
const totals = { alone: empty(), set: empty(), little: empty() };
for (const family of families) {
  const cs = generateClassSet(family, students);
  const key = parseAnswerKey(cs.key, { totalPoints: cs.points });
  const assignment = { points: cs.points, gradeLevel: 6 };
  for (const render of renders) {
    const readings: DocumentReading[] = [];
    const images: Uint8Array[] = [];
    let seconds = 0;
    for (const [s, page] of cs.pages.entries()) {
      const bytes = await renderPage(page, render, seedOf(family) + s);
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        writeFileSync(`${saveDir}/${family}-${render}-${s + 1}.${render === "clean" ? "png" : "jpg"}`, bytes);
      }
      images.push(bytes);
      const started = performance.now();
      const cached = cacheDir && `${cacheDir}/${set}-${students}-${family}-${render}-${s + 1}.json`;
      if (cached && existsSync(cached)) {
        const reading = JSON.parse(readFileSync(cached, "utf8")) as DocumentReading;
        readings.push({ ...reading, pages: reading.pages.map((p) => ({ ...p, strips: p.strips && stripsFromWire(p.strips) })) });
      } else {
        const reading = await readDocument(bytes, { keyNumbers: keyNumberValues(key) });
        readings.push(reading);
        if (cached) {
          mkdirSync(cacheDir, { recursive: true });
          writeFileSync(
            cached,
            JSON.stringify({ ...reading, pages: reading.pages.map((p) => ({ ...p, strips: p.strips && stripsToWire(p.strips) })) }),
          );
        }
      }
      seconds += (performance.now() - started) / 1000;
    }
    const alone = empty();
    readings.forEach((reading, s) => tally(alone, cs, s, gradeSubmission({ reading, key, assignment }), "alone", render));
    const row: Record<string, string> = { family, render, questions: String(alone.questions), ...cells(alone) };
    {
      const started = performance.now();
      let asSet = empty();
      try {
        const answers = key.questions.flatMap((q) => q.accepted.map((a) => a.raw));
        const template = findTemplate(
          readings.slice(0, templatePages).map((r) => r.pages[0]!),
          answers,
          (p) => answerPlaces(p, key),
        );
        row["template s"] = ((performance.now() - started) / 1000).toFixed(2);
        if (!template) console.log(`  no template found for ${family} ${render}`);
        readings.forEach((reading, s) => {
          tally(asSet, cs, s, gradeSubmission({ reading, key, assignment, template: template ?? undefined }), "as a set", render);
        });
        if (readLittle && template) {
          // Each page read again against the template: its printed lines taken from it, not recognised.
          const little = empty();
          let littleSeconds = 0;
          for (const [s, bytes] of images.entries()) {
            const started = performance.now();
            const reading = await readDocument(bytes, { printed: template, keyNumbers: keyNumberValues(key) });
            littleSeconds += (performance.now() - started) / 1000;
            tally(little, cs, s, gradeSubmission({ reading, key, assignment, template }), "read little", render);
          }
          for (const [k, v] of Object.entries(cells(little))) row[`${k} (read little)`] = v;
          row["read little s/page"] = (littleSeconds / images.length).toFixed(2);
          for (const k of Object.keys(little) as (keyof Tally)[]) totals.little[k] += little[k];
        }
      } catch (err) {
        console.log(`  findTemplate or grading with it failed on ${family} ${render}: ${(err as Error).message}`);
        asSet = empty();
      }
      for (const [k, v] of Object.entries(cells(asSet))) row[`${k} (as a set)`] = v;
      for (const k of Object.keys(asSet) as (keyof Tally)[]) totals.set[k] += asSet[k];
    }
    row["read s/page"] = (seconds / cs.pages.length).toFixed(2);
    for (const k of Object.keys(alone) as (keyof Tally)[]) totals.alone[k] += alone[k];
    rows.push(row);
  }
}
const all: Record<string, string> = {
  family: "all",
  render: renders.join(","),
  questions: String(totals.alone.questions),
  ...cells(totals.alone),
};
for (const [k, v] of Object.entries(cells(totals.set))) all[`${k} (as a set)`] = v;
if (readLittle) for (const [k, v] of Object.entries(cells(totals.little))) all[`${k} (read little)`] = v;
rows.push(all);
console.log(`\n${table(rows)}`);
console.log(
  "A question agrees when the points given equal the expected points; flag recall: disagreeing questions flagged at that question.",
);
