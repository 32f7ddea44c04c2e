// The words of an answer on its line: specks after it left out, and how surely they were read.
import type { TextLine } from "../answers/student-work";

/** Specks and shadows read as short words with very low confidence at the end of an answer ("six Sa"). */
const NOISE_WORD_CONFIDENCE = 0.5;
export function withoutTrailingNoise(line: TextLine | undefined, answer: string): string {
  if (!line?.words?.length) return answer;
  const tokens = answer.split(/\s+/);
  const words = [...line.words];
  while (tokens.length > 1 && words.length) {
    const w = words.at(-1)!;
    if (w.text !== tokens.at(-1) || w.confidence >= NOISE_WORD_CONFIDENCE || w.text.length > 4) break;
    // A word after an operator or a separator ends the answer ("2x + 2"): it is not a speck after it.
    if (/[-+×*/=,;&(]$|\band$/.test(tokens.at(-2)!)) break;
    tokens.pop();
    words.pop();
  }
  return tokens.join(" ").replace(/[\s:;,]+$/, "");
}

/** The lowest confidence of the words on the answer's line that make up the answer. */
export function answerWordConfidence(line: TextLine | undefined, answer: string): number | undefined {
  if (!line?.words?.length) return undefined;
  const tokens = new Set(answer.toLowerCase().split(/\s+/).filter(Boolean));
  const words = line.words.filter((w) => tokens.has(w.text.toLowerCase()) || [...tokens].some((t) => w.text.toLowerCase().includes(t)));
  return words.length ? Math.min(...words.map((w) => w.confidence)) : undefined;
}
