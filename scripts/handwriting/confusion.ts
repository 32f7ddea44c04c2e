// Development only: the handwriting classifier's mistakes on one split's digits, each read alone (normalised as the
// reader normalises a cut piece): per written digit, what it was read as and how often, then each mistake with its
// probability. The dev split's mistakes chose judging/handwriting.ts's READ_AS.
//   npx tsx scripts/handwriting/confusion.ts [dev|train]
import { loadSplit, SIDE } from "./mnist";
import { normaliseGlyph } from "../../workers/grading/reading/handwriting/glyph";
import { classifyGlyph } from "../../workers/grading/reading/handwriting/reader";
const split = (process.argv[2] ?? "dev") as "dev" | "dev2" | "train";
if (split !== "dev" && split !== "dev2" && split !== "train")
  throw new Error("dev, dev2 or train: the held-out split is composed into pages only");
const m = Array.from({ length: 10 }, () => new Array(11).fill(0));
const n = new Array(10).fill(0);
const bad: string[] = [];
for (const d of loadSplit(split)) {
  // As train.ts reads a plain digit: the glyph's contrast is stretched by normaliseGlyph itself.
  const g = normaliseGlyph({ ink: d.pixels, width: SIDE, height: SIDE });
  if (!g) continue;
  const p = classifyGlyph(g);
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i;
  n[d.digit]++;
  m[d.digit][best]++;
  if (best !== d.digit) bad.push(`${d.digit}#${d.index}→${best === 10 ? "x" : best}@${p[best].toFixed(2)}`);
}
for (let d = 0; d < 10; d++)
  console.log(
    d,
    n[d],
    m[d]
      .map((v: number, i: number) => (v && i !== d ? `${i === 10 ? "x" : i}:${v}` : ""))
      .filter(Boolean)
      .join(" "),
  );
console.log(bad.join(" "));
