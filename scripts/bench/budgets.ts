// npm run bench:budgets — what refusing a decompression bomb costs: each bomb is read by the real
// readDocument in a fresh Node process; prints the time to the refusal and the process's peak memory
// (max RSS) before and after the refusal. Inside workerd the same JavaScript runs (docs/decisions/0010).
import { execFileSync } from "node:child_process";
import { manyPagesPdf, pdfImageBomb } from "../../tests/fixtures/bombs/pdf-bombs";
import { readDocument } from "../../workers/grading/engines";

const CASES = {
  "PDF, one 30000 × 30000 Flate image": () => pdfImageBomb({ width: 30_000, height: 30_000 }),
  "PDF, small image with a 30000 × 30000 soft mask": () => pdfImageBomb({ width: 30_000, height: 30_000, variant: "smask" }),
  "PDF, JPEG whose frame header says 60000 × 60000": () => pdfImageBomb({ width: 60_000, height: 60_000, variant: "jpeg-header" }),
  "PDF, 5000 blank pages": () => manyPagesPdf(5_000),
} as const;
type Case = keyof typeof CASES;

const maxRssMb = () => process.resourceUsage().maxRSS / 1024;

async function one(name: Case) {
  const bytes = await CASES[name]();
  const before = maxRssMb();
  const started = performance.now();
  let outcome = "accepted (no refusal)";
  try {
    await readDocument(bytes);
  } catch (error) {
    outcome = `refused: ${(error as Error).message.slice(0, 90)}…`;
  }
  const ms = performance.now() - started;
  console.log(JSON.stringify({ name, size: bytes.byteLength, ms, before, after: maxRssMb(), outcome }));
}

if (process.argv[2]) {
  await one(process.argv[2] as Case);
} else {
  console.log("Decode budgets: refusing bombs (fresh process each; peak = max RSS of the process)\n");
  for (const name of Object.keys(CASES) as Case[]) {
    const out = execFileSync("npx", ["tsx", "scripts/bench/budgets.ts", name], { encoding: "utf8" });
    const r = JSON.parse(out.trim().split("\n").at(-1)!);
    console.log(`${name}`);
    console.log(
      `  file ${(r.size / 1024).toFixed(0)} KB, refusal ${r.ms.toFixed(0)} ms, peak RSS ${r.before.toFixed(0)} MB before → ${r.after.toFixed(0)} MB after`,
    );
    console.log(`  ${r.outcome}`);
  }
}
