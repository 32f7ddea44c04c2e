// Page clean-up on synthetic pixels: each step does what it claims, independent of the OCR engine.
import { describe, expect, it } from "vitest";
import { encodePgm, estimateLineHeight, estimateSkew, turnAndScale, type GreyImage } from "../../../workers/grading/reading/ocr/cleanup";
import { flatField, inkCells } from "../../../workers/grading/reading/ocr/grey-filters";
import { findPage, homography } from "../../../workers/grading/reading/ocr/page-warp";

/** A white page with dark text-like bars (lines of "words") every `pitch` pixels, optionally tilted. */
function linesPage(width: number, height: number, pitch: number, tiltDegrees = 0, lineHeight = 14): GreyImage {
  const data = new Uint8Array(width * height).fill(235);
  const t = Math.tan((tiltDegrees * Math.PI) / 180);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const yy = y - (x - width / 2) * t;
      const inLine = yy > 40 && yy < height - 40 && yy % pitch < lineHeight;
      const inWord = x > 40 && x < width - 40 && x % 60 < 48 && x % 6 < 3;
      if (inLine && inWord) data[y * width + x] = 30;
    }
  }
  return { data, width, height };
}

describe("page clean-up", () => {
  it("measures the tilt of the text lines and turns it back", () => {
    const tilted = linesPage(800, 600, 40, 3);
    expect(estimateSkew(tilted)).toBeCloseTo(3, 0);
    expect(Math.abs(estimateSkew(turnAndScale(tilted, 3, 1)))).toBeLessThan(0.4);
    expect(Math.abs(estimateSkew(linesPage(800, 600, 40, 0)))).toBeLessThan(0.3);
    expect(estimateSkew(linesPage(800, 600, 40, -2))).toBeCloseTo(-2, 0);
  });

  it("estimates the height of a text line and scales the page by a factor", () => {
    const page = linesPage(800, 600, 40, 0, 14);
    expect(estimateLineHeight(page)).toBeGreaterThanOrEqual(13);
    expect(estimateLineHeight(page)).toBeLessThanOrEqual(15);
    const bigger = turnAndScale(page, 0, 2);
    expect([bigger.width, bigger.height]).toEqual([1600, 1200]);
    expect(estimateLineHeight(bigger)).toBeGreaterThanOrEqual(27);
  });

  it("removes a shadow: shadowed and lit paper become equally white while ink stays dark", () => {
    const page = linesPage(600, 400, 40);
    // Darken the right half to 45%, like a hand's shadow.
    for (let y = 0; y < page.height; y++)
      for (let x = 300; x < 600; x++) page.data[y * 600 + x] = Math.round(page.data[y * 600 + x] * 0.45);
    const flat = flatField(page);
    const paperLeft = flat.data[20 * 600 + 100];
    const paperRight = flat.data[20 * 600 + 500];
    expect(Math.abs(paperLeft - paperRight)).toBeLessThan(12);
    expect(paperRight).toBeGreaterThan(230);
    // A stroke in the shadow is still much darker than the paper around it.
    const strokeRight = flat.data[(40 + 5) * 600 + 480];
    expect(strokeRight).toBeLessThan(120);
  });

  it("finds a page lying on a darker desk and its four corners, a deep shadow across it and all", () => {
    const width = 400;
    const height = 500;
    const rgba = new Uint8Array(width * height * 4);
    const corners: [number, number][] = [
      [60, 50],
      [340, 40],
      [360, 460],
      [40, 450],
    ];
    // Inside the quadrilateral: cream paper; outside: a brown desk.
    const h = homography(corners, [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const d = h[6] * x + h[7] * y + h[8];
        const u = (h[0] * x + h[1] * y + h[2]) / d;
        const v = (h[3] * x + h[4] * y + h[5]) / d;
        const paper = u >= 0 && u <= 1 && v >= 0 && v <= 1;
        // A deep shadow over the page's right part, along a diagonal (a hand or the phone).
        const shaded = paper && u + 0.4 * v > 0.9;
        rgba.set(shaded ? [100, 98, 92, 255] : paper ? [240, 234, 220, 255] : [107, 90, 72, 255], (y * width + x) * 4);
      }
    const found = findPage(rgba, width, height);
    expect(found).toBeDefined();
    // The whole page, shaded part included, not only its lit part.
    found!.forEach(([x, y], i) => {
      expect(Math.abs(x - corners[i][0])).toBeLessThan(6);
      expect(Math.abs(y - corners[i][1])).toBeLessThan(6);
    });
    // A page filling the whole photo (a scan): no page to find, nothing cropped.
    const scan = new Uint8Array(width * height * 4).fill(250);
    expect(findPage(scan, width, height)).toBeUndefined();
  });

  it("encodes grey pixels as a binary PGM", () => {
    const pgm = encodePgm({ data: new Uint8Array([0, 128, 255, 7]), width: 2, height: 2 });
    expect(new TextDecoder().decode(pgm.subarray(0, 11))).toBe("P5\n2 2\n255\n");
    expect([...pgm.subarray(11)]).toEqual([0, 128, 255, 7]);
  });
});

describe("ink cells", () => {
  it("marks each cell holding a pixel darker than the ink level, and looks afresh at a page changed in place", () => {
    const data = new Uint8Array(6 * 4).fill(255);
    data[1 * 6 + 4] = 0; // pixel (4, 1): cell (2, 0)
    data[3 * 6 + 0] = 100; // pixel (0, 3): cell (0, 1)
    const page: GreyImage = { data, width: 6, height: 4 };
    const first = inkCells(page, 2, 128);
    expect([...first]).toEqual([0, 0, 1, 1, 0, 0]);
    first.fill(0); // unread-ink.ts clears the cells it has accounted for: the page is not changed
    expect([...inkCells(page, 2, 50)]).toEqual([0, 0, 1, 0, 0, 0]);
    // Tests draw on a page between two looks (unread-ink.test.ts): nothing is kept from the first look.
    data[0] = 0;
    expect([...inkCells(page, 2, 128)]).toEqual([1, 0, 1, 1, 0, 0]);
  });
});
