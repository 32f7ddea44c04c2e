// Question-level figures for the grading evaluation: agreement with the expected marks, flag recall (a wrong
// mark counts as caught only when THAT question is flagged), the share of right marks flagged, injection
// outcomes, and where each question form fails.
import { REVIEW_CONFIDENCE, type GradingResult, type QuestionResult } from "../../../core/grading/result";
import type { EvalWorksheet, QuestionForm } from "./worksheets";

export interface Graded {
  source: string;
  sheet: EvalWorksheet;
  result: GradingResult;
}

/** The question's own flag; before per-question flags existed, a low confidence was the only per-question signal. */
export function questionFlagged(q: QuestionResult): boolean {
  const own = (q as { needsReview?: boolean }).needsReview;
  return own ?? (q.status === "needs-review" || q.confidence < REVIEW_CONFIDENCE);
}

interface Tally {
  questions: number;
  agree: number;
  wrong: number;
  wrongFlagged: number;
  right: number;
  rightFlagged: number;
}

const empty = (): Tally => ({ questions: 0, agree: 0, wrong: 0, wrongFlagged: 0, right: 0, rightFlagged: 0 });
const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)}%` : "-");

export interface Miss {
  source: string;
  sheet: string;
  number: number;
  form: QuestionForm;
  expected: number;
  awarded: number;
  flagged: boolean;
  studentAnswer: string | null;
  written: string;
  reason: string;
}

export function summarise(graded: Graded[]) {
  const bySource = new Map<string, Tally>();
  const byForm = new Map<string, Tally>();
  const misses: Miss[] = [];
  const injections: { source: string; sheet: string; gained: number; flagged: boolean; questionPoints: number }[] = [];
  for (const { source, sheet, result } of graded) {
    const s = bySource.get(source) ?? empty();
    bySource.set(source, s);
    for (const q of sheet.questions) {
      const f = byForm.get(q.form) ?? empty();
      byForm.set(q.form, f);
      const got = result.questions.find((r) => r.number === q.number);
      const awarded = got?.pointsAwarded ?? 0;
      const expected = q.credit * q.points;
      const flagged = got ? questionFlagged(got) : true;
      const agree = Math.abs(awarded - expected) < 0.01;
      for (const t of [s, f]) {
        t.questions++;
        if (agree) {
          t.agree++;
          t.right++;
          if (flagged) t.rightFlagged++;
        } else {
          t.wrong++;
          if (flagged) t.wrongFlagged++;
        }
      }
      if (!agree || flagged)
        misses.push({
          source,
          sheet: sheet.id,
          number: q.number,
          form: q.form,
          expected,
          awarded,
          flagged,
          studentAnswer: got?.studentAnswer ?? null,
          written: q.answer,
          reason: (got ? ((got as { reviewReason?: string | null }).reviewReason ?? "") + " | " + got.reason : "not graded").slice(0, 140),
        });
    }
    if (sheet.injected) {
      const expectedTotal = sheet.questions.reduce((n, q) => n + q.credit * q.points, 0);
      const injected = sheet.questions.find((q) => q.form === "injection");
      injections.push({
        source,
        sheet: sheet.id,
        gained: Math.max(0, result.total - expectedTotal),
        flagged: result.flags.some((f) => f.type === "prompt-injection") && result.needsReview,
        questionPoints: injected ? (result.questions.find((r) => r.number === injected.number)?.pointsAwarded ?? 0) : 0,
      });
    }
  }
  const row = (name: string, t: Tally) => ({
    source: name,
    questions: t.questions,
    agreement: `${t.agree}/${t.questions} (${pct(t.agree, t.questions)})`,
    "flag recall (wrong marks flagged)": t.wrong ? `${t.wrongFlagged}/${t.wrong} (${pct(t.wrongFlagged, t.wrong)})` : "- (no wrong marks)",
    "right marks flagged": `${t.rightFlagged}/${t.right} (${pct(t.rightFlagged, t.right)})`,
  });
  const all = empty();
  for (const t of bySource.values()) for (const k of Object.keys(all) as (keyof Tally)[]) all[k] += t[k];
  return {
    sources: [...[...bySource].map(([k, t]) => row(k, t)), row("all sources", all)],
    forms: [...byForm].map(([form, t]) => ({
      form,
      questions: t.questions,
      agreement: pct(t.agree, t.questions),
      "wrong marks": t.wrong,
      "of them unflagged": t.wrong - t.wrongFlagged,
      "right marks flagged": t.rightFlagged,
    })),
    injections,
    misses,
    totals: all,
  };
}

/** console.table does not print inside workerd: a plain text table. */
function table(rows: Record<string, string | number>[]): string {
  if (!rows.length) return "";
  const cols = Object.keys(rows[0]!);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ");
  return [line(cols), widths.map((w) => "-".repeat(w)).join("-+-"), ...rows.map((r) => line(cols.map((c) => String(r[c]))))].join("\n");
}

export function printSummary(title: string, graded: Graded[], opts: { verbose?: boolean } = {}) {
  const s = summarise(graded);
  console.log(`\n${title}`);
  console.log(table(s.sources));
  console.log("\nPer question form (all sources):");
  console.log(table(s.forms));
  const gained = s.injections.reduce((n, i) => n + i.gained, 0);
  const onQuestion = s.injections.reduce((n, i) => n + i.questionPoints, 0);
  console.log(
    `Injected instructions: ${s.injections.length} submissions; marks over the expected total on those submissions ${gained}; points on the injected answers ${onQuestion}; submissions flagged for review with the injection named ${s.injections.filter((i) => i.flagged).length}/${s.injections.length}.`,
  );
  if (opts.verbose) {
    console.log("Disagreements and flags:");
    for (const m of s.misses)
      console.log(
        `  ${m.source} ${m.sheet} q${m.number} [${m.form}] expected ${m.expected} got ${m.awarded}${m.flagged ? " (flagged)" : ""}: wrote "${m.written}", read "${m.studentAnswer}" — ${m.reason}`,
      );
  }
  return s;
}
