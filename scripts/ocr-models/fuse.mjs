// Folds the element-wise steps Paddle's export leaves around each convolution of PP-OCRv4 (PP-LCNetV3's
// "learnable affine" scale and shift, and hard swish spelled as four operators) into fewer operators. The
// arithmetic is the same up to float rounding; onnxruntime's wasm build does not fuse these patterns itself,
// and each is a full pass over a feature map. See docs/decisions/0021-ocr-graph-fusions-and-line-input.md.
//   1. Conv → Mul(c) → Add(d), c and d per output channel: into the Conv's weights and bias.
//   2. x · Clip(x + 3, 0, 6) / 6: x · HardSigmoid(x; 1/6, 1/2).
//   3. Mul(a) → Add(b) → a 1×1 Conv without padding, its only reader: into that Conv (exact only without
//      padding, where every output reads every shifted input).

import { floatTensor, floats } from "./tensors.mjs";

/** @returns {{ convAffine: number, hardSwish: number, affineIntoConv: number }} */
export function fuseGraph(onnx, graph) {
  const FLOAT = onnx.TensorProto.DataType.FLOAT;
  const TENSOR = onnx.AttributeProto.AttributeType.TENSOR;
  const byOutput = new Map();
  const readers = new Map();
  const index = () => {
    byOutput.clear();
    readers.clear();
    for (const n of graph.node) {
      for (const o of n.output) byOutput.set(o, n);
      for (const i of n.input) readers.set(i, [...(readers.get(i) ?? []), n]);
    }
  };
  const removed = new Set();
  const sweep = () => {
    graph.node = graph.node.filter((n) => !removed.has(n));
    index();
    // Constants nothing reads any more (a Clip's bounds, a folded scale).
    graph.node = graph.node.filter((n) => n.opType !== "Constant" || readers.has(n.output[0]));
    index();
  };

  const constant = (name) => {
    const node = byOutput.get(name);
    const t = node?.opType === "Constant" ? node.attribute.find((a) => a.name === "value")?.t : undefined;
    return t?.dataType === FLOAT ? { node, data: floats(t), dims: t.dims.map(Number) } : undefined;
  };
  const setConstant = (c, dims, data) => {
    const value = c.node.attribute.find((a) => a.name === "value");
    value.t = floatTensor(onnx, value.t.name, dims, data);
  };
  const soleReader = (name) => {
    const list = readers.get(name) ?? [];
    return list.length === 1 && !graph.output.some((o) => o.name === name) ? list[0] : undefined;
  };
  const other = (node, name) => (node.input[0] === name ? node.input[1] : node.input[0]);
  const attribute = (node, name) => node.attribute.find((a) => a.name === name);
  /** A constant that broadcasts over NCHW one value a channel: a scalar, [1, n, 1, 1] or [n, 1, 1]. */
  const perChannel = (c, n) => {
    if (!c) return undefined;
    if (c.data.length === 1) return new Float32Array(n).fill(c.data[0]);
    const d = c.dims.length === 4 && c.dims[0] === 1 ? c.dims.slice(1) : c.dims;
    return d.length === 3 && d[0] === n && d[1] === 1 && d[2] === 1 ? c.data : undefined;
  };
  /** A Conv's weight and bias as constants only it reads; a zero bias is added where it has none. */
  const convParameters = (conv) => {
    const w = constant(conv.input[1]);
    if (!w || w.dims.length !== 4 || soleReader(conv.input[1]) !== conv) return undefined;
    const channels = w.dims[0];
    if (!conv.input[2]) {
      const name = `${conv.output[0]}_bias`;
      const t = floatTensor(onnx, name, [channels], new Float32Array(channels));
      const node = onnx.NodeProto.create({ opType: "Constant", output: [name], attribute: [{ name: "value", type: TENSOR, t }] });
      graph.node.unshift(node);
      conv.input[2] = name;
      byOutput.set(name, node);
      readers.set(name, [conv]);
    }
    const b = constant(conv.input[2]);
    if (!b || soleReader(conv.input[2]) !== conv) return undefined;
    return { w, b, channels };
  };

  const stats = { convAffine: 0, hardSwish: 0, affineIntoConv: 0 };
  index();

  // 1. Conv → Mul(c) → Add(d).
  for (const conv of [...graph.node]) {
    if (conv.opType !== "Conv") continue;
    for (;;) {
      const next = soleReader(conv.output[0]);
      if (next?.opType !== "Mul" && next?.opType !== "Add") break;
      const p = convParameters(conv);
      const k = p && perChannel(constant(other(next, conv.output[0])), p.channels);
      if (!k) break;
      const { w, b, channels } = { w: p.w.data, b: p.b.data, channels: p.channels };
      const inner = w.length / channels;
      if (next.opType === "Mul") {
        for (let i = 0; i < w.length; i++) w[i] *= k[Math.floor(i / inner)];
        for (let c = 0; c < channels; c++) b[c] *= k[c];
      } else for (let c = 0; c < channels; c++) b[c] += k[c];
      setConstant(p.w, p.w.dims, w);
      setConstant(p.b, [channels], b);
      removed.add(next);
      conv.output[0] = next.output[0];
      byOutput.set(conv.output[0], conv);
      readers.set(conv.output[0], readers.get(next.output[0]) ?? []);
      stats.convAffine++;
    }
  }
  sweep();

  // 2. Hard swish. Clip's bounds are attributes up to opset 10 and inputs from 11.
  const is = (name, value) => {
    const c = constant(name);
    return c?.data.length === 1 && Math.abs(c.data[0] - value) < 1e-6;
  };
  for (const clip of [...graph.node]) {
    if (clip.opType !== "Clip") continue;
    const bound = (slot, name) => (clip.input[slot] ? constant(clip.input[slot])?.data[0] : attribute(clip, name)?.f);
    const add = byOutput.get(clip.input[0]);
    if (add?.opType !== "Add" || bound(1, "min") !== 0 || bound(2, "max") !== 6 || soleReader(add.output[0]) !== clip) continue;
    const x = is(add.input[1], 3) ? add.input[0] : is(add.input[0], 3) ? add.input[1] : undefined;
    const mul = soleReader(clip.output[0]);
    if (!x || mul?.opType !== "Mul" || other(mul, clip.output[0]) !== x) continue;
    const div = soleReader(mul.output[0]);
    if (div?.opType !== "Div" || div.input[0] !== mul.output[0] || !is(div.input[1], 6)) continue;
    const gate = `${div.output[0]}_gate`;
    const FLOAT_ATTRIBUTE = onnx.AttributeProto.AttributeType.FLOAT;
    Object.assign(add, {
      opType: "HardSigmoid",
      input: [x],
      output: [gate],
      attribute: [
        { name: "alpha", type: FLOAT_ATTRIBUTE, f: 1 / 6 },
        { name: "beta", type: FLOAT_ATTRIBUTE, f: 0.5 },
      ],
    });
    Object.assign(mul, { input: [x, gate], output: [div.output[0]] });
    removed.add(clip).add(div);
    stats.hardSwish++;
  }
  sweep();

  // 3. Mul(a) → Add(b) → 1×1 Conv without padding.
  for (const mul of [...graph.node]) {
    if (mul.opType !== "Mul") continue;
    const aName = constant(mul.input[1]) ? mul.input[1] : constant(mul.input[0]) ? mul.input[0] : undefined;
    const add = aName && soleReader(mul.output[0]);
    if (add?.opType !== "Add") continue;
    const bName = other(add, mul.output[0]);
    const conv = soleReader(add.output[0]);
    if (conv?.opType !== "Conv" || conv.input[0] !== add.output[0] || !constant(bName)) continue;
    const unpadded = (attribute(conv, "pads")?.ints ?? []).every((v) => Number(v) === 0);
    const autoPad = attribute(conv, "auto_pad")?.s;
    if (!unpadded || (autoPad?.length && new TextDecoder().decode(autoPad) !== "NOTSET") || Number(attribute(conv, "group")?.i ?? 1) !== 1)
      continue;
    const p = convParameters(conv);
    if (!p || p.w.dims[2] !== 1 || p.w.dims[3] !== 1) continue;
    const inputs = p.w.dims[1];
    const a = perChannel(constant(aName), inputs);
    const b0 = perChannel(constant(bName), inputs);
    if (!a || !b0) continue;
    const { w, b } = { w: p.w.data, b: p.b.data };
    for (let o = 0; o < p.channels; o++)
      for (let i = 0; i < inputs; i++) {
        b[o] += w[o * inputs + i] * b0[i];
        w[o * inputs + i] *= a[i];
      }
    setConstant(p.w, p.w.dims, w);
    setConstant(p.b, [p.channels], b);
    conv.input[0] = other(mul, aName);
    removed.add(mul).add(add);
    stats.affineIntoConv++;
  }
  sweep();
  return stats;
}
