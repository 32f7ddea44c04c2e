// Entry of the engines' test worker: reads and grades an uploaded page, as the grading worker will.
import { gradeSubmission, parseAnswerKey, readDocument } from "../../workers/grading/engines/index";

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const bytes = new Uint8Array(await request.arrayBuffer());
    const reading = await readDocument(bytes);
    const key = url.searchParams.get("key");
    const points = Number(url.searchParams.get("points") ?? 10);
    const result = gradeSubmission({ reading, key: key ? parseAnswerKey(key, { totalPoints: points }) : undefined, assignment: { points } });
    return Response.json({ reading: { text: reading.text, confidence: reading.confidence }, result });
  },
} satisfies ExportedHandler;
