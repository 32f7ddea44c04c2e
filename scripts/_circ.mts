import { generateClassSet } from "./eval/class-sets/layouts.ts";
import { renderPage } from "./eval/class-sets/render.ts";
import { readDocument } from "../workers/grading/engines.ts";
const [fam, renders, n] = [process.argv[2]!, (process.argv[3] ?? "clean").split(","), Number(process.argv[4] ?? 2)];
const cs = generateClassSet(fam as any, 4);
for (const render of renders)
  for (let s = Number(process.env.START ?? 0); s < n; s++) {
    const page = cs.pages[s]!;
    const bytes = await renderPage(page, render as any, 1000 * (s + 1) + render.length);
    const reading = await readDocument(bytes, {});
    const circ = reading.pages.flatMap((p) => p.lines.flatMap((l) => l.words.filter((w) => w.circled).map((w) => w.text)));
    const chosen = cs.questions.map((q, i) => (q.options ? page.answers[i]!.text : null)).filter((x) => x !== null);
    console.log(render, s, "circled:", JSON.stringify(circ), "chosen:", JSON.stringify(chosen));
  }
if (process.env.WORDS) {
  const k = Number(process.env.START ?? 0);
  const page = cs.pages[k]!;
  const bytes = await renderPage(page, renders[0] as any, 1000 * (k + 1) + renders[0]!.length);
  const reading = await readDocument(bytes, {});
  for (const l of reading.pages[0]!.lines) console.log(l.words.map((w) => `${w.text}@${Math.round(w.bbox.x / 2)},${Math.round(w.bbox.y / 2)},${Math.round(w.bbox.width / 2)}x${Math.round(w.bbox.height / 2)}`).join(" "));
}
