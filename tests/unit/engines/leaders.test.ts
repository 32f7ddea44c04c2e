// Dotted leaders painted out before a page is read: a run of small dots on one baseline goes, an answer written on
// it, a decimal point, an ellipsis and a full stop stay.
import { describe, expect, it } from "vitest";
import { withoutLeaders } from "../../../workers/grading/reading/ocr/leaders";
import { blot, inked, paper as base } from "./ink-paper";

const W = 800;
const H = 200;
const TEXT = 30;

const paper = () => base(W, H, 250);

describe("dotted leaders", () => {
  it("paints out a row of dots, and leaves the answer written on it", () => {
    const page = paper();
    // Dots 4 px across every 9 px along a baseline at y 100, from x 100 to 500.
    for (let x = 100; x < 500; x += 9) blot(page, x, 100, 4, 4);
    // "450" written over the row: three tall strokes, one of them through a dot.
    for (const x of [200, 220, 240]) blot(page, x, 76, 6, 28);
    const out = withoutLeaders(page, TEXT);
    expect(inked(out, 300, 95, 200, 15)).toBe(0);
    expect(inked(out, 100, 95, 90, 15)).toBe(0);
    expect(inked(out, 200, 76, 46, 20)).toBe(inked(page, 200, 76, 46, 20));
  });

  it("leaves decimal points, an ellipsis, a full stop and a page without leaders as they are", () => {
    const page = paper();
    // "2.5   3.5   4.5   5.5": points between digits, a digit's width and more apart.
    for (const x of [100, 190, 280, 370]) {
      blot(page, x, 60, 12, 24);
      blot(page, x + 15, 80, 4, 4);
      blot(page, x + 22, 60, 12, 24);
    }
    // "wait..." and a full stop.
    for (const x of [500, 509, 518]) blot(page, x, 150, 4, 4);
    blot(page, 600, 150, 4, 4);
    expect(withoutLeaders(page, TEXT)).toBe(page);
    // Without the text's height nothing is done.
    const dotted = paper();
    for (let x = 100; x < 500; x += 9) blot(dotted, x, 100, 4, 4);
    expect(withoutLeaders(dotted, undefined)).toBe(dotted);
  });
});
