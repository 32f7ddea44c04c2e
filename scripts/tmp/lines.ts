import { generatePage, pageSpecs } from "../../tests/fixtures/reading/pages";
import { readDocument } from "../../workers/grading/engines/index";
const spec = pageSpecs("dev", { condition: (process.env.COND ?? "phone") as never, layout: (process.env.LAYOUT ?? "two-columns") as never, font: "sans" })[Number(process.env.I ?? 0)];
const page = await generatePage(spec);
console.log(page.truth);
const r = await readDocument(page.bytes);
for (const l of r.pages[0].lines) console.log(l.bbox.y, l.words.map((w) => `${w.text}@${w.bbox.x}`).join(" "));
