// Where a class set's students write their answers (docs/decisions/0080): the places the grader found answers on the
// pages read alone, kept with the template as answer zones, and the student's words far from them on a line that
// holds one written there, which are not the answer.
import { boxOf, mappedBounds, type Affine, type Bounds } from "../reading/registration";
import type { BoundingBox, PageReading, PrintedLayout, ReadWord } from "../reading/types";

/** Pages that must have had an answer at a place for it to be an answer zone. */
const ZONE_PAGES = 2;
/**
 * How far (in text heights, across) a student's word may lie from an answer zone on its line and still be part of
 * an answer written there ("cm" after the "850" most wrote); farther, beside another word written in a zone, it is
 * a stray mark, not the answer (the option "J. 75%" read "1" in a matching exercise's other column).
 */
const ZONE_REACH = 2;
/** How far apart (in text heights, down) two boxes' middles may be and lie on one line. */
const ZONE_NEAR_Y = 0.5;

/** Two boxes on one line whose spans meet, or nearly (a text height apart across at most). */
const sameZone = (a: Bounds, b: Bounds, height: number) =>
  Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) <= ZONE_NEAR_Y * height &&
  a.left <= b.right + height &&
  b.left <= a.right + height;

/** The places where at least ZONE_PAGES pages had an answer: each the union of the answers' boxes there. */
export function zonesOf(pages: Bounds[][], height: number): BoundingBox[] {
  const zones: { box: Bounds; pages: Set<number> }[] = [];
  pages.forEach((boxes, page) => {
    for (const box of boxes) {
      const zone = zones.find((z) => sameZone(z.box, box, height));
      if (!zone) {
        zones.push({ box: { ...box }, pages: new Set([page]) });
        continue;
      }
      zone.pages.add(page);
      zone.box = {
        left: Math.min(zone.box.left, box.left),
        top: Math.min(zone.box.top, box.top),
        right: Math.max(zone.box.right, box.right),
        bottom: Math.max(zone.box.bottom, box.bottom),
      };
    }
  });
  return zones.filter((z) => z.pages.size >= ZONE_PAGES).map((z) => boxOf(z.box));
}

/**
 * The student's words of a line far across from every place the set's students answered on it, when the line also
 * holds a word written at one of them: marks beside the answer, not the answer. A line with no word at an answer
 * place keeps all of its words (work written outside the known places is still found).
 */
export function strays(
  template: Pick<PrintedLayout, "answerZones" | "textHeight">,
  page: Pick<PageReading, "lines">,
  student: Set<ReadWord>,
  map: Affine,
): ReadWord[] {
  const zones = (template.answerZones ?? []).map((z) => mappedBounds(z));
  if (!zones.length) return [];
  const h = template.textHeight;
  const reach = (box: Bounds) =>
    zones.some(
      (z) =>
        Math.abs((box.top + box.bottom) / 2 - (z.top + z.bottom) / 2) <= ZONE_NEAR_Y * h &&
        box.left <= z.right + ZONE_REACH * h &&
        z.left <= box.right + ZONE_REACH * h,
    );
  return page.lines.flatMap((line) => {
    const own = line.words.filter((w) => student.has(w));
    const placed = own.map((w) => reach(mappedBounds(w.bbox, map)));
    return placed.some(Boolean) ? own.filter((_, i) => !placed[i]) : [];
  });
}
