// The two typefaces of a filled worksheet: the printed sheet in DejaVu Sans (as tests/eval/grading/render.ts),
// the students' typed answers in Tinos, a serif, so that print and answers differ as print and a child's hand do.
import { createRequire } from "node:module";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";

const require = createRequire(import.meta.url);

export type Face = "print" | "answer";
const FILES: Record<Face, [string, string]> = {
  print: ["@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2", "ClassSetPrint"],
  answer: ["@fontsource/tinos/files/tinos-latin-400-normal.woff2", "ClassSetAnswer"],
};

let registered = false;
export function fontFamily(face: Face): string {
  if (!registered) {
    for (const [file, name] of Object.values(FILES)) GlobalFonts.registerFromPath(require.resolve(file), name);
    registered = true;
  }
  return FILES[face][1];
}

const measurer = createCanvas(8, 8).getContext("2d");

/** Width of a text in page units at a font size in page units. */
export function measure(text: string, face: Face, size: number): number {
  measurer.font = `${size}px ${fontFamily(face)}`;
  return measurer.measureText(text).width;
}
