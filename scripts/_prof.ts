import { renderPhotos, answerKeyPdf } from "./bench/harness";
import { readDocument, findTemplate, answerPlaces, parseAnswerKey } from "../workers/grading/engines";
import { sheet } from "./bench/harness";
const photos = await renderPhotos(12);
const key = parseAnswerKey(sheet.key, { totalPoints: 100 });
const whole = [];
for (const p of photos.slice(0, 3)) { const t = performance.now(); whole.push(await readDocument(p)); console.log("whole", (performance.now()-t).toFixed(0)); }
const answers = key.questions.flatMap((q) => q.accepted.map((a) => a.raw));
const t0 = performance.now();
const template = findTemplate(whole.map((r) => r.pages[0]!), answers, (p) => answerPlaces(p, key))!;
console.log("template", (performance.now()-t0).toFixed(0), !!template);
for (let round = 0; round < 2; round++) for (const p of photos.slice(3)) { const t = performance.now(); await readDocument(p, { printed: template }); console.log("little", (performance.now()-t).toFixed(0)); }
