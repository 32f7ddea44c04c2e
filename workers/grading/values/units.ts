// Units of measure: the names students write for them (also the informal ones: "cms", "kgs", "hrs"), the
// spellings a reader gives them ("mililiters", "grarns", "mI"), their sizes for comparing amounts across units,
// and amounts written in two units at once ("2 m 50 cm"). Policy: docs/decisions/0025-units-lists-algebra-and-flags.md.
import { levenshtein, slipAllowance } from "./spelling";

const UNIT_ALIASES: Record<string, string> = {
  cm: "cm",
  cms: "cm",
  centimeter: "cm",
  centimeters: "cm",
  centimetre: "cm",
  centimetres: "cm",
  mm: "mm",
  mms: "mm",
  millimeter: "mm",
  millimeters: "mm",
  millimetre: "mm",
  millimetres: "mm",
  m: "m",
  mtr: "m",
  mtrs: "m",
  meter: "m",
  meters: "m",
  metre: "m",
  metres: "m",
  km: "km",
  kms: "km",
  kilometer: "km",
  kilometers: "km",
  kilometre: "km",
  kilometres: "km",
  in: "in",
  inch: "in",
  inches: "in",
  ft: "ft",
  foot: "ft",
  feet: "ft",
  yd: "yd",
  yds: "yd",
  yard: "yd",
  yards: "yd",
  mi: "mi",
  mile: "mi",
  miles: "mi",
  mg: "mg",
  milligram: "mg",
  milligrams: "mg",
  g: "g",
  gm: "g",
  gms: "g",
  gram: "g",
  grams: "g",
  gramme: "g",
  grammes: "g",
  kg: "kg",
  kgs: "kg",
  kilo: "kg",
  kilos: "kg",
  kilogram: "kg",
  kilograms: "kg",
  lb: "lb",
  lbs: "lb",
  pound: "lb",
  pounds: "lb",
  oz: "oz",
  ounce: "oz",
  ounces: "oz",
  l: "l",
  ltr: "l",
  ltrs: "l",
  liter: "l",
  liters: "l",
  litre: "l",
  litres: "l",
  ml: "ml",
  mls: "ml",
  milliliter: "ml",
  milliliters: "ml",
  millilitre: "ml",
  millilitres: "ml",
  s: "s",
  sec: "s",
  secs: "s",
  second: "s",
  seconds: "s",
  min: "min",
  mins: "min",
  minute: "min",
  minutes: "min",
  h: "h",
  hr: "h",
  hrs: "h",
  hour: "h",
  hours: "h",
  "°": "deg",
  deg: "deg",
  degree: "deg",
  degrees: "deg",
  "°c": "°c",
  ºc: "°c",
  "degrees celsius": "°c",
  "degrees c": "°c",
  celsius: "°c",
  "°f": "°f",
  ºf: "°f",
  "degrees fahrenheit": "°f",
  "degrees f": "°f",
  fahrenheit: "°f",
  cm2: "cm²",
  "cm²": "cm²",
  m2: "m²",
  "m²": "m²",
  in2: "in²",
  ft2: "ft²",
  cm3: "cm³",
  "cm³": "cm³",
  m3: "m³",
  "sq cm": "cm²",
  "square centimeters": "cm²",
  "square meters": "m²",
  "square feet": "ft²",
  "square inches": "in²",
  "sq ft": "ft²",
  $: "$",
  dollar: "$",
  dollars: "$",
  "€": "€",
  euro: "€",
  euros: "€",
  "£": "£",
  cent: "¢",
  cents: "¢",
  "¢": "¢",
  units: "units",
  unit: "units",
  "square units": "units²",
};

/** Letters a reader gives for the letters of unit words: "rn" for m, I, 1 or | for l, q or 9 for g, 0 for o. */
function readerShape(written: string): string {
  return written.replace(/rn/g, "m").replace(/[I1|]/g, "l").replace(/[q9]/g, "g").replace(/0/g, "o").toLowerCase();
}

/** A long unit word misspelt or misread ("mililiters", "centimetres"): the one unit name within a slip of it. */
function nearUnit(word: string): string | undefined {
  if (!/^[a-z]{6,}$/.test(word)) return undefined;
  // Thin upright letters (i, l) are the ones a reader merges or drops: "militers" for milliliters.
  // That reading comes first: "milliters" is milliliters with an l lost, though a slip from millimeters too.
  const thin = (w: string) => w.replace(/[il]+/g, "");
  const units = (matches: (name: string) => boolean) =>
    new Set(
      Object.entries(UNIT_ALIASES)
        .filter(([name]) => name.length >= 5 && matches(name))
        .map(([, unit]) => unit),
    );
  const thinned = units((name) => thin(name) === thin(word));
  const near = thinned.size ? thinned : units((name) => levenshtein(name, word) <= slipAllowance(name.length));
  return near.size === 1 ? [...near][0] : undefined;
}

export interface UnitReading {
  unit: string;
  /** The unit as written when it was taken from a near spelling or a misreading ("mililiters", "mI"). */
  spelled?: string;
}

/**
 * The unit a written unit names. Names in the table are sure; a spelling a reader gives ("grarns", "crn") or a
 * slip in a long name is taken, with `spelled` set so the judgement can say so. An upper-case I after a
 * lower-case letter ("mI") is a reader's l, not the mile it would spell in lower case.
 */
export function readUnit(written: string): UnitReading | undefined {
  const raw = written.trim().replace(/\.$/, "").replace(/\s+/g, " ");
  if (!raw) return undefined;
  const lower = raw.toLowerCase().replace(/\^2/, "2").replace(/\^3/, "3");
  const shaped = readerShape(raw.replace(/\^2/, "2").replace(/\^3/, "3"));
  // Digits are a reader's letters only inside a word with letters ("1O 9" is two numbers, "rnL" is mL).
  const misread = /[a-z]/i.test(raw) ? UNIT_ALIASES[shaped] : undefined;
  if (misread && shaped !== lower && /[a-z]I/.test(raw)) return { unit: misread, spelled: raw };
  if (UNIT_ALIASES[lower]) return { unit: UNIT_ALIASES[lower] };
  if (misread && shaped !== lower) return { unit: misread, spelled: raw };
  const near = nearUnit(shaped);
  return near ? { unit: near, spelled: raw } : undefined;
}

/** A written unit that a reader's thin-letter swap (i for l) makes the given unit: "mi" read for "ml". */
export function mayReadAs(written: string, unit: string): boolean {
  const shaped = readerShape(written.trim().replace(/\.$/, ""));
  return [shaped, shaped.replace(/i/g, "l")].some((w) => UNIT_ALIASES[w] === unit);
}

/** The size of a unit in the smallest unit of its kind, to compare amounts across units of one system. */
const SIZES: Record<string, [kind: string, size: number]> = {
  mm: ["length", 1],
  cm: ["length", 10],
  m: ["length", 1000],
  km: ["length", 1_000_000],
  mg: ["mass", 1],
  g: ["mass", 1000],
  kg: ["mass", 1_000_000],
  ml: ["volume", 1],
  l: ["volume", 1000],
  s: ["time", 1],
  min: ["time", 60],
  h: ["time", 3600],
  "¢": ["money", 1],
  $: ["money", 100],
  in: ["imperial length", 1],
  ft: ["imperial length", 12],
  yd: ["imperial length", 36],
  mi: ["imperial length", 63360],
  oz: ["imperial mass", 1],
  lb: ["imperial mass", 16],
};

/** An amount in `from` expressed in `to`, when both are units of one kind. */
export function convertAmount(value: number, from: string, to: string): number | undefined {
  const [a, b] = [SIZES[from], SIZES[to]];
  if (!a || !b || a[0] !== b[0]) return undefined;
  return (value * a[1]) / b[1];
}

export interface CompoundAmount {
  /** The amount in the smallest unit written. */
  value: number;
  unit: string;
  /** The units written, largest first. */
  units: string[];
}

/**
 * An amount written in two or more units of one kind, largest first: "2 m 50 cm", "1 h 30 min",
 * "2 kg and 500 g", "$4 and 50 cents".
 */
export function parseCompoundAmount(text: string): CompoundAmount | undefined {
  const parts = text
    .trim()
    .replace(/[.;]$/, "")
    // "6m50 cm": the reader joined a number, its unit and the next number.
    .replace(/(\d)\s*([a-zA-Z]{1,3})(?=\d)/g, "$1 $2 ")
    .split(/\s*(?:,|&|\band\b)\s*|(?<=[a-zA-Z°¢])\s+(?=[$\d])/)
    .filter(Boolean);
  if (parts.length < 2) return undefined;
  const amounts: { value: number; unit: string }[] = [];
  for (const part of parts) {
    const m = part.match(/^([$€£])?\s*(\d+(?:\.\d+)?)\s*([^\d\s].*)?$/);
    if (!m) return undefined;
    const unit = m[1] ? readUnit(m[1])?.unit : m[3] ? readUnit(m[3])?.unit : undefined;
    if (!unit || (m[1] && m[3])) return undefined;
    amounts.push({ value: Number(m[2]), unit });
  }
  const smallest = amounts.at(-1)!.unit;
  let value = 0;
  for (const [i, a] of amounts.entries()) {
    const inSmallest = convertAmount(a.value, a.unit, smallest);
    // Each unit smaller than the one before it: "50 cm 2 m" is not an amount.
    if (inSmallest === undefined || (i > 0 && (convertAmount(1, amounts[i - 1]!.unit, a.unit) ?? 0) <= 1)) return undefined;
    value += inSmallest;
  }
  return { value, unit: smallest, units: amounts.map((a) => a.unit) };
}
