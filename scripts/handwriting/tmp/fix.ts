import { readFileSync } from "node:fs";
import { getOcrEngine, gradeSubmission, parseAnswerKey, readDocument } from "../../../workers/grading/engines";
const m = JSON.parse(readFileSync("tests/fixtures/handwriting/manifest.json", "utf8"));
await getOcrEngine();
const reading = await readDocument(new Uint8Array(readFileSync("tests/fixtures/handwriting/photo.jpg")));
const r = gradeSubmission({ reading, key: parseAnswerKey(m.key, { totalPoints: 6 }), assignment: { points: 6 } });
for (const l of reading.pages[0].lines) console.log(l.text, "|", l.words.filter((w) => w.alternatives).map((w) => `${w.alternatives!.why}:"${w.alternatives!.ocr.text}"(${w.alternatives!.ocr.confidence.toFixed(2)})->${w.alternatives!.readings.slice(0, 3).map((x) => x.text + "@" + x.share.toFixed(2)).join(",")}`).join(" ; "));
for (const q of m.questions) { const g = r.questions.find((x) => x.number === q.number)!; console.log(q.number, q.wrote, q.right, "→", g.studentAnswer, g.pointsAwarded, g.confidence.toFixed(3), g.needsReview, g.reviewReason); }
