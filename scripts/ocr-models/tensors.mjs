// Float tensors of an ONNX graph as onnx-proto decodes them, shared by the build and the fusions.

/** A float tensor's values, whether stored as raw bytes or as a float list. */
export function floats(t) {
  if (t.rawData?.length) return new Float32Array(t.rawData.buffer.slice(t.rawData.byteOffset, t.rawData.byteOffset + t.rawData.byteLength));
  return Float32Array.from(t.floatData);
}

export function floatTensor(onnx, name, dims, data) {
  return onnx.TensorProto.create({ name, dims, dataType: onnx.TensorProto.DataType.FLOAT, rawData: new Uint8Array(data.buffer.slice(0)) });
}
