// Where scripts/handwriting/tune.ts keeps what PP-OCR read on each dev page before the handwriting pass, keyed by the
// page and the reading code (paddle.ts printedPass): a new classifier then reads the same pages again without
// PP-OCR's cost, and time-pass.ts times the pass on them.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

export const TUNE_CACHE = "node_modules/.cache/handwriting-tune";

/** The reading code's digest, and the page composer's with its split: a change to either reads the pages again. */
export const ocrHash = createHash("sha256")
  .update(
    ["workers/grading/reading", "workers/grading/reading/ocr"]
      .flatMap((dir) =>
        readdirSync(dir)
          .filter((f) => f.endsWith(".ts"))
          .map((f) => readFileSync(`${dir}/${f}`, "utf8")),
      )
      .join(""),
  )
  .update(
    // What composes a page: the split, the composer, and the digit drawing it uses (augment.ts, glyph.ts's sampler).
    ["mnist", "page", "compose", "augment"]
      .map((f) => `scripts/handwriting/${f}.ts`)
      .concat("workers/grading/reading/handwriting/glyph.ts")
      .map((f) => readFileSync(f, "utf8"))
      .join(""),
  )
  .digest("hex")
  .slice(0, 12);
