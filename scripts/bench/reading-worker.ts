// Benchmark worker: reads one posted page image inside workerd exactly as the grading worker does
// (clean-up + the bundled OCR engine) and reports the engine's wasm heap afterwards.
import { getOcrEngine, readDocument } from "../../workers/grading/engines";
import { setHandwritingPass } from "../../workers/grading/reading/handwriting/words";

export default {
  async fetch(request: Request) {
    const url = new URL(request.url);
    if (url.pathname === "/start") {
      await getOcrEngine();
      return Response.json({ ok: true });
    }
    if (url.pathname === "/read" && request.method === "POST") {
      setHandwritingPass(url.searchParams.get("handwriting") !== "off");
      const reading = await readDocument(new Uint8Array(await request.arrayBuffer()));
      const engine = await getOcrEngine();
      return Response.json({ text: reading.text, confidence: reading.confidence, wasmBytes: engine.memoryBytes() });
    }
    return new Response("not found", { status: 404 });
  },
};
