// Page-level grading figures for eval:handwriting: typed worksheets answered by hand with real MNIST digits of
// one split (page.ts), scanned or photographed, read by the page reader (PP-OCR joined by the handwriting reader)
// and graded against the key, as the grading worker does. A careful teacher gives a full mark exactly when what
// the child wrote is the right answer. Figures per capture condition: question agreement, flag recall at the
// question (the share of wrong marks flagged there), right marks flagged, wrong answers marked right without a
// flag, and the reliability of a question's confidence (the probability its mark is right).
import { getOcrEngine, gradeSubmission, keyNumberValues, parseAnswerKey, readDocument } from "../../workers/grading/engines";
import { joinCost } from "../../workers/grading/reading/handwriting/words";
import type { LabelledDigit } from "./mnist";
import { composePage, PAGE_CONDITIONS, type PageCondition } from "./page";

/** The reliability table's confidence bins (tune.ts uses the same). */
export const BINS = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0001];
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");

interface PageTally {
  questions: number;
  agree: number;
  wrongMarks: number;
  wrongMarksFlagged: number;
  rightMarks: number;
  rightMarksFlagged: number;
  wrongMarkedRightUnflagged: number;
  handwritten: number;
  seconds: number;
  joinMs: number;
  pages: number;
  bins: { n: number; stated: number; right: number }[];
  disagreements: string[];
}

export async function runPages(split: "dev" | "heldout", pool: Map<number, LabelledDigit[]>, pages: number, seed: number, verbose = false) {
  await getOcrEngine();
  const rows = new Map<PageCondition, PageTally>();
  for (const condition of PAGE_CONDITIONS) {
    const t: PageTally = {
      questions: 0,
      agree: 0,
      wrongMarks: 0,
      wrongMarksFlagged: 0,
      rightMarks: 0,
      rightMarksFlagged: 0,
      wrongMarkedRightUnflagged: 0,
      handwritten: 0,
      seconds: 0,
      joinMs: 0,
      pages: 0,
      bins: BINS.slice(1).map(() => ({ n: 0, stated: 0, right: 0 })),
      disagreements: [],
    };
    for (let p = 0; p < pages; p++) {
      const page = await composePage(seed + p, pool, condition);
      const before = joinCost.ms;
      const started = performance.now();
      const key = parseAnswerKey(page.key, { totalPoints: page.questions.length });
      const reading = await readDocument(page.bytes, { keyNumbers: keyNumberValues(key) });
      t.seconds += (performance.now() - started) / 1000;
      t.joinMs += joinCost.ms - before;
      t.pages++;
      t.handwritten += reading.pages.flatMap((pg) => pg.lines.flatMap((l) => l.words)).filter((w) => w.alternatives).length;
      const result = gradeSubmission({ reading, key, assignment: { points: page.questions.length } });
      for (const q of page.questions) {
        const graded = result.questions.find((r) => r.number === q.number);
        const teacherRight = q.wrote === q.right;
        const markedRight = !!graded && graded.pointsAwarded >= graded.pointsPossible;
        const agrees = markedRight === teacherRight;
        const flagged = !!graded?.needsReview;
        t.questions++;
        t.agree += agrees ? 1 : 0;
        if (agrees) {
          t.rightMarks++;
          t.rightMarksFlagged += flagged ? 1 : 0;
        } else {
          t.wrongMarks++;
          t.wrongMarksFlagged += flagged ? 1 : 0;
          if (markedRight && !flagged) t.wrongMarkedRightUnflagged++;
          if (verbose) t.disagreements.push(`${q.wrote}(key ${q.right})→"${graded?.studentAnswer ?? "∅"}"${flagged ? " flagged" : ""}`);
        }
        const c = graded?.confidence ?? 0;
        const bin = t.bins[BINS.findIndex((b, i) => c >= b && c < BINS[i + 1])];
        bin.n++;
        bin.stated += c;
        bin.right += agrees ? 1 : 0;
      }
    }
    rows.set(condition, t);
  }
  console.log(
    `\n${split} pages: ${pages} typed worksheets a condition, 10 handwritten answers each (seed ${seed}), read and graded as the worker does`,
  );
  console.log(
    "condition  questions  agreement  flag recall  right marks flagged  wrong marked right unflagged  handwritten words  s/page  handwriting ms/page",
  );
  for (const [condition, t] of rows)
    console.log(
      `${condition.padEnd(9)} ${String(t.questions).padStart(10)}  ${pct(t.agree, t.questions).padStart(9)}  ${pct(t.wrongMarksFlagged, t.wrongMarks).padStart(11)}  ${pct(t.rightMarksFlagged, t.rightMarks).padStart(19)}  ${String(t.wrongMarkedRightUnflagged).padStart(28)}  ${String(t.handwritten).padStart(17)}  ${(t.seconds / t.pages).toFixed(2).padStart(6)}  ${(t.joinMs / t.pages).toFixed(0).padStart(19)}`,
    );
  const all = BINS.slice(1).map(() => ({ n: 0, stated: 0, right: 0 }));
  for (const [condition, t] of [...rows, ["all", { bins: all }] as const]) {
    if (condition === "all")
      for (const r of rows.values())
        r.bins.forEach((b, i) => {
          all[i].n += b.n;
          all[i].stated += b.stated;
          all[i].right += b.right;
        });
    console.log(`\nreliability, ${split} pages, ${condition}: a question's confidence vs how often its mark agrees with the teacher`);
    console.log("  bin            questions  stated  observed");
    t.bins.forEach((b, i) => {
      if (b.n)
        console.log(
          `  ${`[${BINS[i].toFixed(2)}, ${Math.min(1, BINS[i + 1]).toFixed(2)})`.padEnd(14)} ${String(b.n).padStart(9)}  ${(b.stated / b.n).toFixed(3)}  ${(b.right / b.n).toFixed(3)}`,
        );
    });
  }
  if (verbose) for (const [condition, t] of rows) console.log(`\n${condition} disagreements: ${t.disagreements.join(", ")}`);
}
