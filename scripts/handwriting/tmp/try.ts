import { loadSplit, type LabelledDigit } from "../mnist";
import { composePage } from "../page";
import { getOcrEngine, gradeSubmission, parseAnswerKey, readDocument } from "../../../workers/grading/engines";
import { writeFileSync } from "node:fs";
const pool = new Map<number, LabelledDigit[]>();
for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
await getOcrEngine();
for (const c of ["clean", "phone"] as const) {
  const page = await composePage(77, pool, c);
  writeFileSync(`/tmp/hw31/p-${c}.${c === "clean" ? "png" : "jpg"}`, page.bytes);
  const t = performance.now();
  const reading = await readDocument(page.bytes);
  console.log(c, "read ms", Math.round(performance.now() - t));
  for (const l of reading.pages[0].lines) console.log("  ", l.text, "|", l.words.filter(w=>w.alternatives).map(w => `${w.alternatives!.why}:${w.alternatives!.ocr.text}->${w.alternatives!.readings.slice(0,2).map(r=>r.text+"@"+r.probability.toFixed(2)).join(",")}`).join(" "));
  const r = gradeSubmission({ reading, key: parseAnswerKey(page.key, { totalPoints: 10 }), assignment: { points: 10 } });
  for (const q of page.questions) { const g = r.questions.find(x => x.number === q.number)!; console.log("  Q", q.number, "wrote", q.wrote, "key", q.right, "read", g.studentAnswer, g.pointsAwarded, g.confidence.toFixed(3), g.needsReview ? g.reviewReason : ""); }
}
