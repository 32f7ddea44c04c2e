// The OCR models' graph fusions (scripts/ocr-models/fuse.mjs): a small graph with each pattern, run by
// onnxruntime-web before and after, must give the same numbers with fewer operators.
import { createRequire } from "node:module";
import * as ort from "onnxruntime-web/wasm";
import { beforeAll, describe, expect, it } from "vitest";
import { fuseGraph } from "../../../scripts/ocr-models/fuse.mjs";

const require = createRequire(import.meta.url);
const { onnx } = require("onnx-proto") as { onnx: any };

function lcg(seed: number) {
  let s = seed;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
}
const random = lcg(7);
const values = (n: number, scale = 1) => Float32Array.from({ length: n }, () => random() * scale);

function constant(name: string, dims: number[], data: Float32Array) {
  return onnx.NodeProto.create({
    opType: "Constant",
    output: [name],
    attribute: [
      {
        name: "value",
        type: onnx.AttributeProto.AttributeType.TENSOR,
        t: { name, dims, dataType: onnx.TensorProto.DataType.FLOAT, rawData: new Uint8Array(data.buffer) },
      },
    ],
  });
}
const node = (opType: string, input: string[], output: string, attribute: object[] = []) =>
  onnx.NodeProto.create({ opType, input, output: [output], attribute });
const ints = (name: string, list: number[]) => ({ name, type: onnx.AttributeProto.AttributeType.INTS, ints: list });

/** x → 3×3 Conv (padded) → ·c +d per channel → hard swish → ·a +b → 1×1 Conv → y, as Paddle exports PP-LCNetV3. */
function paddleBlock(): Uint8Array {
  const nodes = [
    constant("w1", [3, 2, 3, 3], values(54)),
    node("Conv", ["x", "w1"], "c1", [ints("kernel_shape", [3, 3]), ints("pads", [1, 1, 1, 1])]),
    constant("scale", [1, 3, 1, 1], values(3)),
    node("Mul", ["scale", "c1"], "m1"),
    constant("shift", [1, 3, 1, 1], values(3)),
    node("Add", ["m1", "shift"], "a1"),
    constant("three", [1], Float32Array.of(3)),
    node("Add", ["a1", "three"], "h1"),
    constant("lo", [], Float32Array.of(0)),
    constant("hi", [], Float32Array.of(6)),
    node("Clip", ["h1", "lo", "hi"], "h2"),
    node("Mul", ["a1", "h2"], "h3"),
    constant("six", [1], Float32Array.of(6)),
    node("Div", ["h3", "six"], "h4"),
    constant("a", [1], Float32Array.of(0.7)),
    node("Mul", ["a", "h4"], "l1"),
    constant("b", [1], Float32Array.of(-0.2)),
    node("Add", ["l1", "b"], "l2"),
    constant("w2", [4, 3, 1, 1], values(12)),
    constant("b2", [4], values(4)),
    node("Conv", ["l2", "w2", "b2"], "y", [ints("kernel_shape", [1, 1])]),
  ];
  const tensor = (name: string, dims: number[]) => ({
    name,
    type: { tensorType: { elemType: onnx.TensorProto.DataType.FLOAT, shape: { dim: dims.map((dimValue) => ({ dimValue })) } } },
  });
  return onnx.ModelProto.encode({
    irVersion: 7,
    opsetImport: [{ domain: "", version: 11 }],
    graph: { name: "block", node: nodes, input: [tensor("x", [1, 2, 5, 6])], output: [tensor("y", [1, 4, 5, 6])] },
  }).finish();
}

async function run(model: Uint8Array, x: Float32Array): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(model, { executionProviders: ["wasm"], graphOptimizationLevel: "disabled" });
  const out = await session.run({ x: new ort.Tensor("float32", x, [1, 2, 5, 6]) });
  return out.y!.data as Float32Array;
}

beforeAll(() => {
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = new URL("../../../node_modules/onnxruntime-web/dist/", import.meta.url).href;
});

describe("OCR model graph fusions", () => {
  it("folds the affine steps and hard swish into fewer operators with the same output", async () => {
    const original = paddleBlock();
    const model = onnx.ModelProto.decode(original);
    expect(fuseGraph(onnx, model.graph)).toEqual({ convAffine: 2, hardSwish: 1, affineIntoConv: 1 });
    const ops = model.graph.node.filter((n: { opType: string }) => n.opType !== "Constant").map((n: { opType: string }) => n.opType);
    expect(ops).toEqual(["Conv", "HardSigmoid", "Mul", "Conv"]);

    const x = values(60, 4);
    const [before, after] = [await run(original, x), await run(onnx.ModelProto.encode(model).finish(), x)];
    expect(after).toHaveLength(before.length);
    before.forEach((v, i) => expect(after[i]).toBeCloseTo(v, 4));
    // Hard swish's flat parts and its curve are both exercised.
    expect(before.some((v) => Math.abs(v) > 1)).toBe(true);
  });

  it("leaves an affine step before a padded convolution alone (the padding would not be shifted)", () => {
    const model = onnx.ModelProto.decode(paddleBlock());
    const conv = model.graph.node.find((n: { output: string[] }) => n.output[0] === "y");
    conv.attribute.push(ints("pads", [1, 1, 1, 1]));
    expect(fuseGraph(onnx, model.graph).affineIntoConv).toBe(0);
  });
});
