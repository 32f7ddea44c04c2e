// Development only: the verification's thresholds swept on DEV pages (never held-out ones). The pages are composed
// and read once (the readings cached under node_modules/.cache, keyed by the classifier's weights), then graded
// under each setting; one row a setting, the conditions pooled. Used to choose judging/handwriting.ts's constants
// (their log: workers/grading/reading/ocr/TUNING.md).
//   npx tsx scripts/handwriting/tune.ts -- [--pages 12] [--condition photo] (one capture condition only)
//     [--split dev2] (pages of the second dev part's digits, record 0127: their own seeds, cached apart; dev,dev2 both)
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { getOcrEngine, gradeSubmission, keyNumberValues, parseAnswerKey, readDocument } from "../../workers/grading/engines";
import { setVerifyTuning, verdictLog, VERIFY_TUNING, type VerifyTuning } from "../../workers/grading/judging/handwriting";
import { MODELS } from "../../workers/grading/reading/handwriting/models";
import { printedPass } from "../../workers/grading/reading/ocr/paddle";
import type { DocumentReading, ReadLine } from "../../workers/grading/reading/types";
import { BINS } from "./eval-pages";
import { loadSplit, type LabelledDigit } from "./mnist";
import { composePage, PAGE_CONDITIONS, type HandwrittenPage } from "./page";
import { ocrHash, TUNE_CACHE } from "./ocr-cache";

const { values: args } = parseArgs({
  options: {
    pages: { type: "string", default: "12" },
    condition: { type: "string" },
    "no-grid": { type: "boolean", default: false },
    split: { type: "string", default: "dev" },
  },
});
const PAGES = Number(args.pages);
if (args.condition && !PAGE_CONDITIONS.some((c) => c === args.condition))
  throw new Error(`--condition takes ${PAGE_CONDITIONS.join(", ")}, not ${args.condition}`);
const splits = args.split.split(",").map((split) => {
  if (split !== "dev" && split !== "dev2") throw new Error(`--split takes dev, dev2 or both (dev,dev2), not ${split}`);
  return split;
});
const cacheDir = TUNE_CACHE;
mkdirSync(cacheDir, { recursive: true });
// Keyed by the classifier's weights, the reading code and the pages, so a change to any reads the pages again.
const readerDir = "workers/grading/reading/handwriting";
// TUNE_READINGS=<hash> grades the readings cached for another version of the reader (judging changes alone).
const modelHash =
  process.env.TUNE_READINGS ??
  createHash("sha256")
    .update(JSON.stringify(MODELS.map((m) => m.tensors)))
    .update(
      readdirSync(readerDir)
        .map((f) => readFileSync(`${readerDir}/${f}`, "utf8"))
        .join(""),
    )
    .update(ocrHash)
    // Read with the key's numbers, as the pipeline and eval:handwriting read (record 0130; before, without them).
    .update("keyNumbers")
    .digest("hex")
    .slice(0, 12);

type Read = { page: Omit<HandwrittenPage, "bytes">; reading: DocumentReading };
const pages: (Read & { condition: string; seed: number })[] = [];
await getOcrEngine();
for (const split of splits) {
  const SEED = split === "dev" ? 1999_00 : 2007_00;
  /** The cached readings' names: the first dev part's keep their names from before dev2. */
  const tag = split === "dev" ? "" : `${split}-`;
  const pool = new Map<number, LabelledDigit[]>();
  for (const d of loadSplit(split)) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
  for (const condition of PAGE_CONDITIONS.filter((c) => !args.condition || c === args.condition))
    for (let p = 0; p < PAGES; p++) {
      const file = `${cacheDir}/${tag}${modelHash}-${condition}-${SEED + p}.json`;
      if (existsSync(file)) {
        pages.push({ ...(JSON.parse(readFileSync(file, "utf8")) as Read), condition, seed: SEED + p });
        continue;
      }
      const { bytes, ...page } = await composePage(SEED + p, pool, condition);
      const ocrFile = `${cacheDir}/${tag}ocr-${ocrHash}-${condition}-${SEED + p}.json`;
      const kept = existsSync(ocrFile);
      printedPass.replay = kept ? (JSON.parse(readFileSync(ocrFile, "utf8")) as ReadLine[]) : undefined;
      printedPass.record = (lines) => kept || writeFileSync(ocrFile, JSON.stringify(lines));
      const key = parseAnswerKey(page.key, { totalPoints: page.questions.length });
      const read: Read = { page, reading: await readDocument(bytes, { keyNumbers: keyNumberValues(key) }) };
      printedPass.replay = printedPass.record = undefined;
      writeFileSync(file, JSON.stringify(read));
      pages.push({ ...read, condition, seed: SEED + p });
    }
}

function score(tuning: Partial<VerifyTuning>, show = false) {
  setVerifyTuning(tuning);
  let questions = 0,
    agree = 0,
    wrong = 0,
    wrongFlagged = 0,
    right = 0,
    rightFlagged = 0,
    wrongRightUnflagged = 0;
  const bins = BINS.slice(1).map(() => ({ n: 0, stated: 0, right: 0 }));
  const marks: { support: number; judged: number; agrees: boolean; clear: boolean; full: boolean }[] = [];
  for (const { page, reading, condition, seed } of pages) {
    const key = parseAnswerKey(page.key, { totalPoints: page.questions.length });
    const supports = new Map<number, number>();
    const looks = new Map<number, string[]>();
    const verdicts = new Map<number, { clear: boolean; full: boolean; judged: number }>();
    verdictLog.record = (n, { support, judged, looks: why, clear, full }) => {
      supports.set(n, support);
      looks.set(n, why);
      verdicts.set(n, { clear, full, judged });
    };
    const result = gradeSubmission({ reading, key, assignment: { points: page.questions.length } });
    verdictLog.record = undefined;
    for (const q of page.questions) {
      const g = result.questions.find((r) => r.number === q.number);
      const markedRight = !!g && g.pointsAwarded >= g.pointsPossible;
      const agrees = markedRight === (q.wrote === q.right);
      const flagged = !!g?.needsReview;
      const c = g?.confidence ?? 0;
      // BINS_VERIFIED=1 (or 0): the reliability table of the marks the ink verified (or of the others) only.
      const only = process.env.BINS_VERIFIED;
      const counted = !only || (only === "1") === supports.has(q.number);
      const bin = counted ? bins[BINS.findIndex((b, i) => c >= b && c < BINS[i + 1])] : { n: 0, stated: 0, right: 0 };
      bin.n++;
      if (show && process.env.SHOW_BELOW && c < Number(process.env.SHOW_BELOW))
        console.log(
          `  BELOW ${condition} ${seed} q${q.number} wrote ${q.wrote} key ${q.right} → "${g?.studentAnswer ?? "∅"}" conf ${c.toFixed(2)} agrees ${agrees} | ${g?.reviewReason ?? ""}`,
        );
      bin.stated += c;
      bin.right += agrees ? 1 : 0;
      if (supports.has(q.number)) marks.push({ support: supports.get(q.number)!, agrees, ...verdicts.get(q.number)! });
      questions++;
      const words = () => reading.pages.flatMap((pg) => pg.lines.flatMap((l) => l.words)).filter((w) => w.alternatives);
      const describe = (w: ReturnType<typeof words>[number] | undefined) => {
        const alt = w?.alternatives;
        return alt
          ? ` ocr ${alt.ocr.text}@${alt.ocr.confidence.toFixed(2)} [${alt.readings
              .slice(0, 4)
              .map((r) => `${r.text}:${r.share.toFixed(3)}`)
              .join(" ")}]`
          : " (no alternatives)";
      };
      if (agrees) {
        agree++;
        right++;
        rightFlagged += flagged ? 1 : 0;
        if (show && flagged && process.env.SHOW_FLAGGED) {
          const w = words().find((x) => x.text === g?.studentAnswer || x.alternatives!.readings.some((r) => r.text === g?.studentAnswer));
          console.log(
            `  FLAGGED-RIGHT ${condition} ${seed} q${q.number} wrote ${q.wrote} key ${q.right} touching ${q.touching} → "${g?.studentAnswer ?? "∅"}" conf ${g?.confidence.toFixed(2)} looks [${(looks.get(q.number) ?? ["unverified"]).join(",")}]` +
              describe(w) +
              ` | ${g?.reviewReason ?? ""}`,
          );
        }
      } else {
        wrong++;
        wrongFlagged += flagged ? 1 : 0;
        if (markedRight && !flagged) wrongRightUnflagged++;
        if (show) {
          const words = reading.pages.flatMap((pg) => pg.lines.flatMap((l) => l.words)).filter((w) => w.alternatives);
          const w = words.find((x) => x.alternatives!.readings.some((r) => r.text === q.wrote) || x.text === g?.studentAnswer);
          const alt = w?.alternatives;
          console.log(
            `  ${condition} ${seed} q${q.number} wrote ${q.wrote} key ${q.right} → "${g?.studentAnswer ?? "∅"}" ${flagged ? "flagged" : "UNFLAGGED"} conf ${g?.confidence.toFixed(2)} looks [${(looks.get(q.number) ?? ["unverified"]).join(",")}]` +
              (alt
                ? ` ocr ${alt.ocr.text}@${alt.ocr.confidence.toFixed(2)} [${alt.readings
                    .slice(0, 4)
                    .map((r) => `${r.text}:${r.share.toFixed(3)}`)
                    .join(" ")}]`
                : " (no alternatives)"),
          );
        }
      }
    }
  }
  const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(1) : "-");
  if (show) {
    const judged = marks.map((m) => ({ ...m, support: m.judged }));
    console.log(`  verified marks: ${marks.length}; MARK_CALIBRATION fit on them: ${JSON.stringify(plattFit(judged))}`);
    // The maps the stated probability comes from (STATED_CALIBRATION): a mark clear or to look at, full or short of full.
    const clearMarks = marks.filter((m) => m.clear);
    console.log(`    clear: ${clearMarks.length}, fit ${JSON.stringify(plattFit(clearMarks))}`);
    for (const clear of [true, false])
      for (const full of [true, false]) {
        const these = marks.filter((m) => m.clear === clear && m.full === full);
        const agreed = these.filter((m) => m.agrees).length;
        console.log(
          `    ${clear ? "clear" : "looked"} ${full ? "full" : "short"}: ${these.length}, agreed ${agreed} (${((100 * agreed) / these.length).toFixed(1)}%), fit ${JSON.stringify(plattFit(these))}`,
        );
        if (process.env.BY_SUPPORT)
          for (const [lo, hi] of [
            [0, 0.5],
            [0.5, 0.8],
            [0.8, 0.95],
            [0.95, 0.99],
            [0.99, 0.999],
            [0.999, 1.01],
          ]) {
            const b = these.filter((m) => m.support >= lo && m.support < hi);
            if (b.length)
              console.log(`      support [${lo}, ${hi}): ${b.length}, agree ${(b.filter((m) => m.agrees).length / b.length).toFixed(3)}`);
          }
      }
  }
  if (show)
    for (const [i, b] of bins.entries())
      if (b.n)
        console.log(
          `  confidence [${BINS[i]}, ${Math.min(1, BINS[i + 1])}): ${b.n} questions, stated ${(b.stated / b.n).toFixed(3)}, observed ${(b.right / b.n).toFixed(3)}`,
        );
  return `${pct(agree, questions)}% agree, recall ${pct(wrongFlagged, wrong)}% (${wrongFlagged}/${wrong}), right flagged ${pct(rightFlagged, right)}%, wrong→right unflagged ${wrongRightUnflagged}`;
}

console.log(`${splits.join(" and ")} pages: ${PAGES} a condition, ${pages.length} in all; model ${modelHash}`);
console.log(`default ${JSON.stringify(VERIFY_TUNING)}: ${score({})}`);
// GRID='{"clearlyOther":[0.9,0.95]}' sweeps the thresholds named (each against the defaults) instead.
const grid: Partial<VerifyTuning>[] = [];
const axes: Partial<Record<keyof VerifyTuning, number[]>> = process.env.GRID
  ? JSON.parse(process.env.GRID)
  : { keyPrior: [1, 2, 3, 5], slipDoubt: [0, 0.6, 0.8], clearlyRight: [0.8, 0.85, 0.9], clearlyOther: [0.9, 0.95] };
grid.push({});
for (const [name, values] of Object.entries(axes))
  grid.splice(0, grid.length, ...grid.flatMap((t) => values.map((v) => ({ ...t, [name]: v }))));
if (!args["no-grid"]) for (const t of grid) console.log(`${JSON.stringify(t)}: ${score(t)}`);
if (process.env.SHOW) console.log(score(JSON.parse(process.env.SHOW), true));

/** Platt scaling: a and b of p = σ(a·logit(support) + b), fitted by Newton's method to how often the marks agreed. */
function plattFit(marks: { support: number; agrees: boolean }[]) {
  const xs = marks.map((m) => {
    const s = Math.min(1 - 1e-4, Math.max(1e-4, m.support));
    return Math.log(s / (1 - s));
  });
  let a = 1,
    b = 0;
  for (let step = 0; step < 50; step++) {
    let ga = 0,
      gb = 0,
      haa = 1e-6,
      hab = 0,
      hbb = 1e-6;
    xs.forEach((x, i) => {
      const p = 1 / (1 + Math.exp(-(a * x + b)));
      const e = p - (marks[i].agrees ? 1 : 0);
      const w = p * (1 - p);
      ga += e * x;
      gb += e;
      haa += w * x * x;
      hab += w * x;
      hbb += w;
    });
    const det = haa * hbb - hab * hab;
    // A step at most 1 in each: on marks whose support is near 1 throughout, a full Newton step overshot and diverged.
    const clip = (d: number) => Math.max(-1, Math.min(1, d));
    a -= clip((hbb * ga - hab * gb) / det);
    b -= clip((haa * gb - hab * ga) / det);
  }
  return { a: Number(a.toFixed(3)), b: Number(b.toFixed(3)) };
}
