// The questions of the class-set evaluation: simple school questions with the answers children give, each
// with its credit under the marking policy of tests/eval/grading/worksheets.ts (2 points a question): the
// asked-for value in the asked-for form gets full marks in any equivalent spelling; the right value in another
// form than asked (a decimal where a percent was asked, an unsimplified fraction, "2 m 50 cm" for centimeters,
// 2.75 where an improper fraction was asked) gets half; anything else and a blank get nothing.
//
// Each question can be printed three ways: as a question ("What is 7 × 8?"), as a sentence with a blank
// ("7 × 8 = ____", the fill-blank family) and as a long question that wraps (a story before the question).

export { rngFrom, type Rng } from "../../../tests/eval/grading/worksheets";
import type { Rng } from "../../../tests/eval/grading/worksheets";

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
export const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

export interface Answer {
  text: string;
  /** 0, 0.5 or 1 of the question's points. */
  credit: number;
}

export interface Question {
  kind: string;
  /** The question as printed, without its number. */
  text: string;
  /** The same question as a sentence with a blank: the text before and after the blank. */
  blank: [string, string];
  /** A story sentence printed before the question in the wrapped family. */
  story: string;
  /** Multiple choice: the options, printed "A) square   B) triangle ...". */
  options?: string[];
  /** The key's line body, after "n. ". */
  key: string;
  answers: Answer[];
}

const STORIES = [
  "The class is planning a picnic in the park and has to work out a few things before the big day.",
  "On a trip to the science museum, the students wrote down facts and numbers in their notebooks.",
  "Sam helps at the school bake sale every Friday and keeps careful notes of what is sold.",
  "During the reading week, each group of students prepared a short quiz for another group.",
  "The school garden club measured, counted and weighed everything they grew this spring.",
  "Maya is sorting the class library and checks her answers twice before writing them down.",
];

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : Math.abs(a));

type Maker = (rng: Rng) => Omit<Question, "story">;

const MAKERS: Record<string, Maker> = {
  multiply: (rng) => {
    const [a, b] = [int(rng, 3, 9), int(rng, 4, 12)];
    return {
      kind: "multiply",
      text: `What is ${a} × ${b}?`,
      blank: [`${a} × ${b} =`, ""],
      key: String(a * b),
      answers: [
        { text: String(a * b), credit: 1 },
        { text: String(a * b + pick(rng, [1, -1, 10])), credit: 0 },
      ],
    };
  },
  add: (rng) => {
    const [a, b] = [int(rng, 120, 480), int(rng, 35, 95)];
    return {
      kind: "add",
      text: `Add ${a} and ${b}.`,
      blank: [`${a} + ${b} =`, ""],
      key: String(a + b),
      answers: [
        { text: String(a + b), credit: 1 },
        { text: String(a + b - 10), credit: 0 },
      ],
    };
  },
  "simplest-form": (rng) => {
    const q = pick(rng, [3, 4, 5, 7, 8]);
    let p = int(rng, 1, q - 1);
    while (gcd(p, q) !== 1) p = int(rng, 1, q - 1);
    const k = pick(rng, [4, 6]);
    return {
      kind: "simplest-form",
      text: `Write ${p * k}/${q * k} in simplest form.`,
      blank: [`${p * k}/${q * k} in simplest form is`, "."],
      key: `${p}/${q}`,
      answers: [
        { text: `${p}/${q}`, credit: 1 },
        { text: `${p * 2}/${q * 2}`, credit: 0.5 },
        { text: `${p}/${q + 1}`, credit: 0 },
      ],
    };
  },
  percent: (rng) => {
    const [p, q] = pick(rng, [
      [3, 4],
      [1, 4],
      [2, 5],
      [7, 10],
      [1, 2],
    ] as const);
    const pct = Math.round((p / q) * 100);
    return {
      kind: "percent",
      text: `Write ${p}/${q} as a percent.`,
      blank: [`${p}/${q} written as a percent is`, "."],
      key: `${pct}%`,
      answers: [
        { text: `${pct}%`, credit: 1 },
        { text: String(p / q), credit: 0.5 },
        { text: `${pct / 10}%`, credit: 0 },
      ],
    };
  },
  improper: (rng) => {
    const [w, p, q] = [
      int(rng, 1, 3),
      ...pick(rng, [
        [1, 4],
        [3, 4],
        [1, 2],
      ] as const),
    ];
    return {
      kind: "improper",
      text: `Write ${w} ${p}/${q} as an improper fraction.`,
      blank: [`${w} ${p}/${q} as an improper fraction is`, "."],
      key: `${w * q + p}/${q}`,
      answers: [
        { text: `${w * q + p}/${q}`, credit: 1 },
        { text: String(w + p / q), credit: 0.5 },
        { text: `${w * q + p}/${q + 1}`, credit: 0 },
      ],
    };
  },
  units: (rng) => {
    const m = int(rng, 2, 8);
    const cm = m * 100 + 50;
    return {
      kind: "units",
      text: `How many centimeters are in ${m}.5 m?`,
      blank: [`${m}.5 m is the same as`, "cm."],
      key: `${cm} cm`,
      answers: [
        { text: `${cm} cm`, credit: 1 },
        { text: String(cm), credit: 1 },
        { text: `${m} m 50 cm`, credit: 0.5 },
        { text: `${cm / 10} cm`, credit: 0 },
      ],
    };
  },
  rounding: (rng) => {
    let x = int(rng, 1100, 9899) / 1000;
    if (Math.round(x * 100) % 10 === 5) x += 0.011;
    const r = x.toFixed(1);
    const other = (Number(r) + (Number(r) > x ? -0.1 : 0.1)).toFixed(1);
    return {
      kind: "rounding",
      text: `Round ${x.toFixed(3)} to the nearest tenth.`,
      blank: [`${x.toFixed(3)} rounded to the nearest tenth is`, "."],
      key: r,
      answers: [
        { text: r, credit: 1 },
        { text: other, credit: 0 },
      ],
    };
  },
  word: (rng) => {
    const [text, blank, key, right, wrong] = pick(rng, [
      ["What is the capital of France?", ["The capital of France is", "."], "Paris", ["Paris", "paris"], ["Lyon", "London"]],
      ["What is frozen water called?", ["Frozen water is called", "."], "ice", ["ice", "Ice"], ["steam", "snow"]],
      ["What do bees make?", ["Bees make", "."], "honey", ["honey", "Honey"], ["wax", "milk"]],
      ["Which planet is called the Red Planet?", ["The Red Planet is", "."], "Mars", ["Mars", "mars"], ["Venus", "Jupiter"]],
      ["What force pulls things toward the Earth?", ["Things fall because of", "."], "gravity", ["gravity"], ["friction", "magnets"]],
      ["What is the largest ocean on Earth?", ["The largest ocean is the", "Ocean."], "Pacific", ["Pacific"], ["Atlantic", "Indian"]],
    ] as const);
    return {
      kind: "word",
      text,
      blank: [blank[0], blank[1]],
      key,
      answers: [...right.map((t) => ({ text: t, credit: 1 })), ...wrong.map((t) => ({ text: t, credit: 0 }))],
    };
  },
  choice: (rng) => {
    const [text, stem, options, right] = pick(rng, [
      ["Which shape has three sides?", "The shape with three sides is", ["square", "triangle", "pentagon"], 1],
      ["Which animal is a mammal?", "The mammal is the", ["shark", "dolphin", "trout", "frog"], 1],
      ["Which number is prime?", "The prime number is", ["9", "15", "13", "21"], 2],
      ["Which organ pumps blood?", "Blood is pumped by the", ["lungs", "liver", "heart"], 2],
      ["Which is a liquid at room temperature?", "At room temperature a liquid is", ["iron", "water", "salt", "sand"], 1],
      ["Which continent is Egypt in?", "Egypt is in", ["Asia", "Europe", "Africa"], 2],
    ] as const);
    const letters = ["A", "B", "C", "D"];
    const wrong = (right + 1 + int(rng, 0, options.length - 2)) % options.length;
    return {
      kind: "choice",
      text,
      blank: [stem, "."],
      options: options.map((o, i) => `${letters[i]}) ${o}`),
      key: letters[right]!,
      answers: [
        { text: letters[right]!, credit: 1 },
        { text: options[right]!, credit: 1 },
        { text: letters[wrong]!, credit: 0 },
      ],
    };
  },
};

export const KINDS = Object.keys(MAKERS);

/** A question of a kind; the fill-blank family asks for the option's word, not its letter. */
export function makeQuestion(rng: Rng, kind: string): Question {
  return { ...MAKERS[kind]!(rng), story: pick(rng, STORIES) };
}

/**
 * A student's answer: about 60% right (any right spelling), 12% half-right when the question has such an
 * answer, 20% wrong, 8% blank.
 */
export function chooseAnswer(rng: Rng, q: Question): Answer {
  const r = rng();
  const of = (credit: number) => q.answers.filter((a) => a.credit === credit);
  if (r < 0.08) return { text: "", credit: 0 };
  if (r < 0.2 && of(0.5).length) return pick(rng, of(0.5));
  if (r < 0.4) return pick(rng, of(0));
  return pick(rng, of(1));
}
