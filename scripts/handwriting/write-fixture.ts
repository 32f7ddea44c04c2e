// Writes the integration test's handwritten page (tests/integration/handwriting.test.ts): a typed worksheet of six
// sums answered by hand with real MNIST digits of the dev split (allowed part; none of the held-out split), then
// photographed (page.ts, "photo"). Seed 3131. Rerun only to change the fixture:
//   npx tsx scripts/handwriting/write-fixture.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { loadSplit, type LabelledDigit } from "./mnist";
import { composePage } from "./page";

const pool = new Map<number, LabelledDigit[]>();
for (const d of loadSplit("dev")) pool.set(d.digit, [...(pool.get(d.digit) ?? []), d]);
const page = await composePage(3131, pool, "photo", 6);
const dir = new URL("../../tests/fixtures/handwriting/", import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL("photo.jpg", dir), page.bytes);
const manifest = { seed: 3131, split: "dev", condition: "photo", key: page.key, questions: page.questions };
writeFileSync(new URL("manifest.json", dir), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${page.bytes.byteLength} bytes`, page.questions.map((q) => `${q.number}: wrote ${q.wrote}, key ${q.right}`).join("; "));
