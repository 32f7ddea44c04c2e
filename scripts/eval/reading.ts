// npm run eval:reading — how well Gradewell reads generated worksheet photos it was not tuned on.
// Pages come from tools/reading/pages.ts (layouts × fonts × capture conditions). The held-out set
// (default) has its own seeds and question banks; develop against `--set dev` only.
//   npm run eval:reading -- [--set dev|heldout] [--condition phone] [--layout two-columns] [--font serif] [--verbose]
//   npm run eval:reading -- --set dev --edits 2   (the misreads left, most frequent first, 2 examples each; dev only)
import { parseArgs } from "node:util";
import {
  CONDITIONS,
  FONTS,
  characterErrorRate,
  generatePage,
  pageSpecs,
  type Condition,
  type EvalSet,
  type FontName,
  type Layout,
} from "../../tools/reading/pages";
import { getOcrEngine, parseAnswerKey, readDocument } from "../../workers/grading/engines";
import { extractFromReading } from "../../workers/grading/answers/student-work";
import { characterEdits, type Edit } from "../../tools/reading/edits";
import { DEFAULT_CLEANUP, setCleanupSteps, type CleanupSteps } from "../../workers/grading/reading/ocr/cleanup";

const { values: args } = parseArgs({
  options: {
    set: { type: "string", default: "heldout" },
    condition: { type: "string" },
    layout: { type: "string" },
    font: { type: "string" },
    verbose: { type: "boolean", default: false },
    // Clean-up steps to switch off, to measure each: --without page,deskew (see ocr/cleanup.ts).
    without: { type: "string", default: "" },
    with: { type: "string", default: "" },
    // Every n-th page only, for quick development runs.
    every: { type: "string", default: "1" },
    // Repeat the set with further seeds (development only: the held-out figures are one round).
    rounds: { type: "string", default: "1" },
    // List the character edits left on typed pages, with this many examples of each (development set only).
    edits: { type: "string" },
  },
});
if (args.edits !== undefined && args.set !== "dev")
  throw new Error("--edits lists misreads to develop against: use it with --set dev only");
const edits = new Map<string, (Edit & { page: string })[]>();

interface Tally {
  pages: number;
  cer: number[];
  answers: number;
  exact: number;
  nothingRead: number;
  seconds: number[];
}
const tally = (): Tally => ({ pages: 0, cer: [], answers: 0, exact: 0, nothingRead: 0, seconds: [] });
const byCondition = new Map<Condition, Tally>(CONDITIONS.map((c) => [c, tally()]));
const byConditionHand = new Map<Condition, Tally>(CONDITIONS.map((c) => [c, tally()]));
const byFont = new Map<FontName, Tally>(FONTS.map((f) => [f, tally()]));
const byLayout = new Map<Layout, Tally>();
const typed = tally();
const all = tally();

const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const pct = (n: number, d = 1) => (Number.isFinite(n) ? `${(n * 100).toFixed(d)}%` : "-");

const off = args.without.split(",").filter(Boolean) as (keyof CleanupSteps)[];
const on = args.with.split(",").filter(Boolean) as (keyof CleanupSteps)[];
for (const step of [...off, ...on]) if (!(step in DEFAULT_CLEANUP)) throw new Error(`unknown clean-up step ${step}`);
setCleanupSteps({ ...Object.fromEntries(on.map((s) => [s, true])), ...Object.fromEntries(off.map((s) => [s, false])) });
if (off.length || on.length) console.log(`clean-up: without ${off.join(", ") || "-"}, with ${on.join(", ") || "-"}`);

const specs = pageSpecs(
  args.set as EvalSet,
  {
    condition: args.condition as Condition | undefined,
    layout: args.layout as Layout | undefined,
    font: args.font as FontName | undefined,
  },
  Number(args.rounds),
).filter((_, i) => i % Number(args.every) === 0);
console.log(`Gradewell reading evaluation: ${specs.length} ${args.set} pages (Node ${process.versions.node}, ${new Date().toISOString()})`);
const t0 = performance.now();
await getOcrEngine();
console.log(`engine start ${((performance.now() - t0) / 1000).toFixed(2)} s`);

for (const spec of specs) {
  const page = await generatePage(spec);
  const started = performance.now();
  const reading = await readDocument(page.bytes);
  const seconds = (performance.now() - started) / 1000;
  const cer = characterErrorRate(page.truth, reading.text);
  const work = extractFromReading(reading, parseAnswerKey(page.key, { totalPoints: 0 }));
  const read = new Map(work.answers.map((a) => [a.number, a.answer]));
  let exact = 0;
  const misses: string[] = [];
  for (const expected of page.answers) {
    const got = read.get(expected.number) ?? "";
    if (norm(got) === norm(expected.answer)) exact++;
    else misses.push(`${expected.number}: "${expected.answer}" read "${got}"`);
  }
  const nothingRead = reading.text.replace(/\s/g, "").length === 0 || work.answers.every((a) => !a.answer);
  const handwriting = spec.font === "handwriting";
  if (args.edits !== undefined && !handwriting)
    for (const edit of characterEdits(page.truth, reading.text)) {
      if (!edits.has(edit.kind)) edits.set(edit.kind, []);
      edits.get(edit.kind)!.push({ ...edit, page: `${spec.condition}/${spec.layout}/${spec.font}/${spec.seed}` });
    }
  const tallies = [(handwriting ? byConditionHand : byCondition).get(spec.condition)!, byFont.get(spec.font)!, all];
  if (!byLayout.has(spec.layout)) byLayout.set(spec.layout, tally());
  tallies.push(byLayout.get(spec.layout)!);
  if (!handwriting) tallies.push(typed);
  for (const t of tallies) {
    t.pages++;
    t.cer.push(cer);
    t.answers += page.answers.length;
    t.exact += exact;
    t.nothingRead += nothingRead ? 1 : 0;
    t.seconds.push(seconds);
  }
  if (args.verbose) {
    console.log(
      `${spec.condition.padEnd(11)} ${spec.layout.padEnd(15)} ${spec.font.padEnd(11)} CER ${pct(cer).padStart(6)}  ${exact}/${page.answers.length}  ${seconds.toFixed(2)} s  conf ${reading.confidence.toFixed(2)}${misses.length ? "  " + misses.join("; ") : ""}`,
    );
  }
}

function table(title: string, rows: [string, Tally][]) {
  console.log(`\n${title.padEnd(16)} pages   CER    answers exact  nothing read  s/page`);
  for (const [name, t] of rows) {
    if (!t.pages) continue;
    console.log(
      `${name.padEnd(16)} ${String(t.pages).padStart(5)} ${pct(mean(t.cer), 2).padStart(7)}  ${`${t.exact}/${t.answers}`.padStart(8)} ${pct(t.exact / t.answers).padStart(6)}  ${pct(t.nothingRead / t.pages).padStart(11)}  ${mean(t.seconds).toFixed(2).padStart(6)}`,
    );
  }
}

// Per condition for the typed fonts (the goals are for typed pages), then the handwriting-style font.
table("typed: condition", [...byCondition]);
table("handwriting", [...byConditionHand]);
table("font", [...byFont]);
table("layout", [...byLayout]);
table("total", [
  ["typed fonts", typed],
  ["all fonts", all],
]);

if (args.edits !== undefined) {
  console.log("\ncharacter edits left on typed pages (truth -> read), most frequent first");
  for (const [kind, list] of [...edits].sort((x, y) => y[1].length - x[1].length)) {
    console.log(`${String(list.length).padStart(5)}  ${kind}`);
    for (const e of list.slice(0, Number(args.edits) || 0)) console.log(`         ${e.page}: …${e.truth}… | …${e.read}…`);
  }
}
