import { loadSplit, type LabelledDigit } from "../mnist";
import { composePage } from "../page";
import { getOcrEngine, gradeSubmission, parseAnswerKey, readDocument } from "../../../workers/grading/engines";
const pool = new Map<number, LabelledDigit[]>();
for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
await getOcrEngine();
const cond = (process.argv[2] ?? "clean") as "clean";
for (const seed of [199900, 199901, 199902, 199903]) {
  const page = await composePage(seed, pool, cond);
  const reading = await readDocument(page.bytes);
  const r = gradeSubmission({ reading, key: parseAnswerKey(page.key, { totalPoints: 10 }), assignment: { points: 10 } });
  for (const q of page.questions) {
    const g = r.questions.find((x) => x.number === q.number)!;
    const ok = (g.pointsAwarded >= 1) === (q.wrote === q.right);
    if (ok && !g.needsReview) continue;
    const line = reading.pages[0].lines.find((l) => l.text.startsWith(`${q.number}.`) || l.text.startsWith(`${q.number} `));
    const alt = line?.words.filter((w) => w.alternatives).map((w) => `${w.alternatives!.why}:"${w.alternatives!.ocr.text}"(${w.alternatives!.ocr.confidence.toFixed(2)})->${w.alternatives!.readings.slice(0, 3).map((x) => x.text + "@" + x.probability.toFixed(2)).join(",")} rest ${w.alternatives!.rest.toFixed(2)}`);
    console.log(seed, q.number, `wrote ${q.wrote} key ${q.right}`, ok ? "OK" : "WRONG", `| ${line?.text} |`, alt?.join(" ; "), "|", g.reviewReason);
  }
}
