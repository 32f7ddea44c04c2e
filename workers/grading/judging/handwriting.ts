// Verify, don't only transcribe (decision 0043): an answer written by hand carries the handwriting reader's
// readings of its ink (reading/handwriting/words.ts). Each reading is judged against the key; the probability that
// a mark is right is the ink's support for the readings that earn that mark (the key's answer and the readings
// equivalent to it, against the close slips and the best free reading). A mark is given only when the ink clearly
// supports it; otherwise the question is flagged with both readings shown.
import type { KeyQuestion } from "../answers/answer-key";
import type { QuestionContext } from "../answers/question-context";
import type { TextLine } from "../answers/student-work";
import { inkSupport } from "../reading/handwriting/lattice";
import { calibrated } from "../reading/handwriting/reader";
import { oneDigitApart, SURE_PRINT, within } from "../reading/handwriting/print-or-ink";
import type { WordAlternatives } from "../reading/types";
import { judgeAnswer } from "./judge";
import type { Judgement } from "./judgement";
import { alikeDigits, asDigits, digitsOf, keyAnswersOf, oneSlipApart, separatorAlike, slipInDoubt } from "./slips";

/** The verification's thresholds (chosen on dev pages: scripts/handwriting/tune.ts; log in reading/ocr/TUNING.md). */
export interface VerifyTuning {
  /** How much more a handwriting reading weighs when PP-OCR read the same digits. */
  ocrAgreement: number;
  /** A full mark is given when the ink supports the key's answer (or its equals) at least this much. */
  clearlyRight: number;
  /** Another mark is given when the ink supports it at least this much (a wrong mark given wrongly costs a child). */
  clearlyOther: number;
  /** A mark short of full is flagged when the ink gives the key's answer at least this share (verify the key). */
  keyDoubt: number;
  /**
   * A mark short of full is flagged when the key is one slip from the best reading (a digit changed, lost or added,
   * two swapped) and that reading's share is below this: the ink is unsure just where a slip would be.
   */
  slipDoubt: number;
  /**
   * How much more a reading that earns full marks weighs: a child is likelier to have written the key's answer than
   * any one other number (verify against what is expected). 1 reads the ink alone.
   */
  keyPrior: number;
  /** As slipDoubt, for a best reading that is the key with a digit lost (the reader loses digits where two touch). */
  lostDoubt: number;
  /**
   * A best reading that is the key with digits the reader mistakes for others (`READ_AS`), or with a mark read between
   * its digits (`separatorAlike`), gives the key's mark, a look (decision 0123). False marks it as read, a look too.
   */
  alikeIsKey: boolean;
  /** PP-OCR's reading weighs `ocrAgreement` times more only from this confidence (a guess agrees by chance). */
  agreementFrom: number;
  /**
   * A mark short of full is flagged when PP-OCR read, at least this surely, the key or the key with one slip, in another
   * count of digits than the best reading: the readers disagree on how many digits the ink holds, and one of them is
   * near the key.
   */
  ocrSlipDoubt: number;
  /**
   * A full mark is flagged when the handwriting reader gives a reading one slip from the key, earning less, at least
   * this share of what it gives the key: its ink is torn between them, and only a sure PP-OCR reading (`OCR_SURE`)
   * settles it (Infinity: never).
   */
  rivalDoubt: number;
  /**
   * A mark short of full is flagged when its best reading is the key with a 1 lost and PP-OCR read nothing of the
   * ink: no second reader counted its digits (a written 117 read "17" at 90%; decision 0128).
   */
  lostUnseen: boolean;
  /**
   * A mark short of full is flagged when PP-OCR's reading (at `ocrSlipDoubt` or more) and the best reading are both
   * the key with one digit lost, not the same one: together they read the key ("79" and "29" for a written 279;
   * decision 0128).
   */
  ocrPartsOfKey: boolean;
}
export const VERIFY_TUNING: Readonly<VerifyTuning> = {
  ocrAgreement: 4,
  clearlyRight: 0.893,
  clearlyOther: 0.923,
  keyDoubt: 0.005,
  slipDoubt: 0.6,
  keyPrior: 3,
  lostDoubt: 0.8,
  alikeIsKey: true,
  agreementFrom: 0.35,
  ocrSlipDoubt: 0.3,
  rivalDoubt: 0.8,
  lostUnseen: true,
  ocrPartsOfKey: true,
};
/**
 * A mark's probability from the ink's support for it (the weighed shares of the readings that earn it): a Platt fit
 * of how often such marks agreed with the teacher on dev2 pages, every capture condition, read with the ensemble's
 * views (tune.ts prints the fit; record 0129). It decides whether a mark is clear (`clearlyRight`, `clearlyOther`);
 * the probability a mark states comes from STATED_CALIBRATION (record 0130).
 */
export const MARK_CALIBRATION = { a: 0.754, b: 0.964 };
/**
 * The probability stated for a mark, from the ink's support for it: Platt fits on dev2's verified marks, one for the
 * marks MARK_CALIBRATION finds clear, one for full marks to look at, one for marks short of full to look at (tune.ts
 * prints them; record 0130). MARK_CALIBRATION still decides what is clear. Stated through it, the marks to look at
 * overstated: short of full, 93% stated where 71% agreed (a look at such a mark is mostly the key in sight, and the
 * child had often written it), while clear marks agreed 99.9% of the time.
 */
export const STATED_CALIBRATION = {
  clear: { a: 1.018, b: 4.085 },
  lookedFull: { a: 0.838, b: 2.004 },
  lookedShort: { a: 0.59, b: -0.676 },
};
/** Development only: tune.ts records each verdict (the support its probability is stated from) to fit the maps. */
export const verdictLog: {
  /** `support` states the probability; `judged` is the support MARK_CALIBRATION judged clear or not (they differ for a mark given as the key). */
  record?: (question: number, verdict: { support: number; judged: number; looks: string[]; clear: boolean; full: boolean }) => void;
} = {};

/** The probability that a mark is right, from the ink's support for it: as a clear mark, or as one to look at. */
function stated(support: number, clear: boolean, full: boolean): number {
  const { clear: sure, lookedFull, lookedShort } = STATED_CALIBRATION;
  return calibrated(support, clear ? sure : full ? lookedFull : lookedShort);
}
/** Under this share the handwriting reader's best reading is unsure. */
const UNSURE_READING = 0.5;
/** From this confidence PP-OCR's digits contradict a handwriting reading they are not part of. */
export const OCR_SURE = 0.95;

/**
 * From this confidence PP-OCR's reading is a witness: of the key's answer, or of the key with digits that look alike
 * in a child's hand, it puts the key in sight behind a mark short of full; of another number of the key's length that
 * the ink supports too, it makes a full mark a look.
 */
export const OCR_WITNESS = 0.5;

let tuning: VerifyTuning = { ...VERIFY_TUNING };
/** Development only (eval:handwriting and tune.ts on dev pages): try other thresholds. */
export function setVerifyTuning(t: Partial<VerifyTuning> = {}) {
  tuning = { ...VERIFY_TUNING, ...t };
}
export function setOcrAgreement(k = VERIFY_TUNING.ocrAgreement) {
  setVerifyTuning({ ocrAgreement: k });
}

export interface HandwritingVerdict {
  judgement: Judgement;
  /** The answer as the best reading of the ink spells it. */
  answer: string;
  /** The probability that the mark given is right (calibrated on held-out handwriting: eval:handwriting). */
  probability: number;
  /** The ink clearly supports the mark; otherwise the teacher looks. */
  clear: boolean;
  /** Both readings, for the teacher, when it is not clear. */
  doubt?: string;
}

type Word = NonNullable<TextLine["words"]>[number];

function alternativesOf(word: Word): WordAlternatives | undefined {
  return "alternatives" in word ? (word.alternatives as WordAlternatives | undefined) : undefined;
}

const pct = (p: number) => `${Math.round(100 * p)}%`;

/** The handwritten number in `answer` on `line`: the last of its words that carries the readers' alternatives. */
export function handwrittenWord(line: TextLine | undefined, answer: string): { text: string; alternatives: WordAlternatives } | undefined {
  const tokens = answer.split(/\s+/).filter(Boolean).reverse();
  for (const word of [...(line?.words ?? [])].reverse()) {
    const alternatives = alternativesOf(word);
    if (!alternatives?.readings.length) continue;
    // The answer may hold the word as read, or as a misread repair made it ("/3" → "13", answers/misreads.ts), or
    // without the full stop after its last digit ("29y." → "29y", reading/handwriting/units.ts).
    // Or with its look-alikes read as the digits they stand for ("34l" → "341").
    const spelled = [
      word.text,
      word.text.replace(/[.,]$/, ""),
      alternatives.ocr.text,
      asDigits(word.text),
      ...alternatives.readings.map((r) => r.text),
    ];
    const token = tokens.find((t) => spelled.includes(t));
    if (token) return { text: token, alternatives };
  }
  return undefined;
}

/** `answer` with its last `word` spelled as `reading` instead, or undefined when the word is not in it. */
export function substituteWord(answer: string, word: string, reading: string): string | undefined {
  const tokens = answer.split(/(\s+)/);
  const at = tokens.lastIndexOf(word);
  if (at < 0) return undefined;
  tokens[at] = reading;
  return tokens.join("");
}
const substitute = (answer: string, word: string, reading: string) => substituteWord(answer, word, reading) ?? answer;

/**
 * The readings, and after them the key's answers none of them spells, weighed by the ink's own lattice ("234" at
 * 0.8% where the reader listed "934", "534", "334"…): their shares come out of the ink's `rest`. A key that is not a
 * number the reader could spell, or a word carried without its lattice, adds nothing.
 */
export function withKeyReadings<R extends { text: string; share: number }>(
  readings: readonly R[],
  { rest, lattice }: Pick<WordAlternatives, "rest" | "lattice">,
  keyAnswer: string,
): { readings: (R | { text: string; share: number; own?: undefined })[]; rest: number } {
  if (!lattice) return { readings: [...readings], rest };
  const added: { text: string; share: number; own?: undefined }[] = [];
  for (const key of new Set(keyAnswersOf(keyAnswer))) {
    if (!/^-?[\d.,/]*\d[\d.,/]*$/.test(key) || [...readings, ...added].some((r) => r.text === key)) continue;
    const share = inkSupport(lattice, key);
    if (share > 0) added.push({ text: key, share });
  }
  const taken = added.reduce((s, r) => s + r.share, 0);
  return { readings: [...readings, ...added], rest: Math.max(0, rest - taken) };
}

/** Judges every reading of the handwritten word, and gives the mark the ink supports with its probability. */
export function verifyHandwriting(
  question: KeyQuestion,
  answer: string,
  word: { text: string; alternatives: WordAlternatives },
  context: QuestionContext | undefined,
  keyAnswer: string,
): HandwritingVerdict {
  const { readings: inked, ocr } = word.alternatives;
  // PP-OCR's reading is a second witness: the handwriting reading it spells (its letters read as the digits they
  // look like) weighs `ocrAgreement` times more. Shares are weighed raw; the mark's share is calibrated as a whole.
  const seen = asDigits(ocr.text);
  // Neither reader is sure and they do not meet: PP-OCR's plain number is a candidate of its own, weighed by its
  // confidence (a font's "431" the handwriting reader reads "6431" at 42%), and the mark is a look (decision 0054).
  // So when their readings share no digit at all ("45" where the handwriting reader sees "72": a font's digits, unlike
  // any it was trained on), however sure the handwriting reader is.
  const disjoint = !!inked[0] && ![...seen].some((c) => /\d/.test(c) && inked[0]!.text.includes(c));
  const apart =
    /^\d+(?:[.,/]\d+)?$/.test(seen) && !inked.some((r) => r.text === seen) && ((inked[0]?.share ?? 0) < UNSURE_READING || disjoint);
  // PP-OCR was sure and the handwriting reader reads one digit other ("393" against "392"): PP-OCR's number weighs at
  // least its confidence, listed by the handwriting reader or not (a sure "455" it lists at 2% against its "485").
  const witness =
    !apart &&
    !!inked[0] &&
    ocr.confidence >= SURE_PRINT &&
    oneDigitApart(seen, inked[0]) &&
    (inked.find((r) => r.text === seen)?.share ?? 0) * tuning.ocrAgreement < ocr.confidence;
  const read: { text: string; share: number; own?: boolean }[] =
    apart || witness ? [...inked.filter((r) => r.text !== seen), { text: seen, share: ocr.confidence, own: true }] : inked;
  // The key's answer is weighed against the ink even when neither reader listed it (decision 0073).
  const { readings, rest } = withKeyReadings(read, word.alternatives, keyAnswer);
  const credit = (j: Judgement) => Math.round(j.credit * 100);
  const weighed = readings.map((r) => {
    const text = substitute(answer, word.text, r.text);
    const judgement = judgeAnswer(question, text, context);
    const ink = r.share * (r.text === seen && !r.own && ocr.confidence >= tuning.agreementFrom ? tuning.ocrAgreement : 1);
    return { reading: r.text, text, ink, weight: ink * (credit(judgement) === 100 ? tuning.keyPrior : 1), judgement };
  });
  const total = weighed.reduce((s, r) => s + r.weight, 0) + rest;
  const inkTotal = weighed.reduce((s, r) => s + r.ink, 0) + rest;
  const judged = weighed.map(({ weight, ink, ...r }) => ({ ...r, p: weight / total, ink: ink / inkTotal })).sort((a, b) => b.p - a.p);
  const best = judged[0];
  // Readings that earn the best reading's mark: the ink's support for that mark.
  const same = judged.filter((j) => credit(j.judgement) === credit(best.judgement));
  const support = Math.min(
    1,
    same.reduce((s, j) => s + j.p, 0),
  );
  const probability = calibrated(support, MARK_CALIBRATION);
  const right = credit(best.judgement) === 100;
  const keys = keyAnswer.split(" or ").map(digitsOf);
  // PP-OCR read these digits surely, and they cannot be the best reading with digits lost ("48" is not in "249"):
  // the two readers disagree, and the ink does not clearly support the mark.
  // It matters when PP-OCR's digits would earn another mark, or fit the key's answer with digits lost.
  const otherMark = () =>
    keys.some((k) => k && within(seen, k)) ||
    credit(judgeAnswer(question, substitute(answer, word.text, seen), context)) !== credit(best.judgement);
  // A number with its point or bar counts by its digits ("5. 8" read surely where the ink reads "2").
  const contradicted =
    ocr.confidence >= OCR_SURE && /^\d+(?:[.,/]\d+)?$/.test(seen) && !within(digitsOf(seen), digitsOf(best.reading)) && otherMark();
  // The key's answer (and its equals) as the ink alone supports it: a mark short of full with the key in sight is a look.
  const keySupport = judged.filter((j) => credit(j.judgement) === 100).reduce((s, j) => s + j.ink, 0);
  const slipDoubt = keys.some(
    (k) => k && slipInDoubt(k, best.reading, judged) < (digitsOf(best.reading).length < k.length ? tuning.lostDoubt : tuning.slipDoubt),
  );
  const alike = keys.map((k) => (k ? alikeDigits(k, best.reading) : undefined)).find(Boolean);
  // The page reader read the key's answer itself, where the handwriting reader read another ("681" against "61"), or
  // its digits with a point among them (a whole number's "72 . 5" where the handwriting reader lost the 7 and read "25"),
  // or the key with digits that look alike ("195" for a written 125 the handwriting reader read "15": its 2 as 9).
  const seenDigits = seen.replace(/[.,]/g, "");
  const ocrSawKey =
    !right &&
    ocr.confidence >= OCR_WITNESS &&
    (keyAnswersOf(keyAnswer).some((k) => k === seen || (/^\d+$/.test(k) && k === seenDigits)) ||
      (/^\d+$/.test(seenDigits) && keys.some((k) => k && alikeDigits(k, seenDigits))));
  // Less surely, in another count of digits than the best reading: the key, or the key with one slip (0125, 0126).
  const ocrSlip =
    ocr.confidence >= tuning.ocrSlipDoubt &&
    /^\d+$/.test(seenDigits) &&
    seenDigits.length !== digitsOf(best.reading).length &&
    (keyAnswersOf(keyAnswer).some((k) => k === seenDigits) ||
      keys.some((k) => k.length === seenDigits.length && oneSlipApart(k, seenDigits)));
  // The best reading is the key with two digits or more lost ("9" for 943): the ink read is not all of the answer.
  const bestDigits = digitsOf(best.reading);
  const lostMany = keys.some((k) => bestDigits && bestDigits.length <= k.length - 2 && within(bestDigits, k));
  // The key with a 1 lost (a single thin stroke, taken for a speck or merged with its neighbour), and PP-OCR read
  // nothing there: only one reader counted the digits. (A mark it read, even a letter, counts them: "L" for a 3.)
  const lostUnseen =
    tuning.lostUnseen &&
    !seen &&
    keys.some((k) => bestDigits && [...k].some((c, i) => c === "1" && k.slice(0, i) + k.slice(i + 1) === bestDigits));
  const ocrParts =
    tuning.ocrPartsOfKey && ocr.confidence >= tuning.ocrSlipDoubt && keys.some((k) => k && lostApart(k, seenDigits, bestDigits));
  const keyInSight =
    !right &&
    (keySupport >= tuning.keyDoubt || slipDoubt || alike !== undefined || ocrSawKey || ocrSlip || lostMany || lostUnseen || ocrParts);
  // A full mark the handwriting reader alone hardly prefers to a slip of the key ("214" 49%, "224" 48%): torn ink.
  const inkOnly = readings.filter((r) => !r.own);
  const keyShare = inkOnly.filter((r) => keys.includes(digitsOf(r.text))).reduce((s, r) => s + r.share, 0);
  const rival =
    right &&
    ocr.confidence < OCR_SURE &&
    inkOnly.some(
      (r) =>
        !keys.includes(digitsOf(r.text)) && keys.some((k) => oneSlipApart(k, digitsOf(r.text))) && r.share >= tuning.rivalDoubt * keyShare,
    );
  // A full mark with a second witness against it: PP-OCR read fairly surely another number of the key's length, and
  // the ink gives that number a share of its own (a written 228 the handwriting reader read as the key's 238 at 91%,
  // its 228 at 3%, PP-OCR "298" at 0.69, listed at 1.5%). The share is the one that puts the key in sight.
  const ocrOther =
    right &&
    ocr.confidence >= OCR_WITNESS &&
    /^\d+$/.test(seenDigits) &&
    keys.some((k) => k.length === seenDigits.length) &&
    !keys.includes(seenDigits) &&
    (inked.find((r) => r.text === seenDigits)?.share ?? 0) >= tuning.keyDoubt;
  const clear =
    !apart && !contradicted && !keyInSight && !ocrOther && !rival && probability >= (right ? tuning.clearlyRight : tuning.clearlyOther);
  const looks = [
    apart && "apart",
    contradicted && "contradicted",
    !right && keySupport >= tuning.keyDoubt && "keyDoubt",
    !right && slipDoubt && "slipDoubt",
    !right && alike && "alike",
    ocrSawKey && "ocrSawKey",
    !right && ocrSlip && "ocrSlip",
    !right && lostMany && "lostMany",
    !right && lostUnseen && "lostUnseen",
    !right && ocrParts && "ocrParts",
    ocrOther && "ocrOther",
    rival && "rival",
    probability < (right ? tuning.clearlyRight : tuning.clearlyOther) && `low ${probability.toFixed(2)}`,
  ].filter((r): r is string => !!r);
  let doubt: string | undefined;
  if (!clear) {
    // The other reading that matters: the best one earning another mark, or the key's answer when none is listed.
    const other = judged.find((j) => credit(j.judgement) !== credit(best.judgement));
    const second = other ? `"${other.reading}" (${pct(other.p)})` : `the key's ${keyAnswer} (at most ${pct(keySupport + rest / total)})`;
    const saw = seen && seen !== best.reading ? ` The page reader saw "${ocr.text}".` : "";
    const misread = alike ? ` A handwritten ${alike.written} is sometimes read as ${alike.read}.` : "";
    doubt = `The handwriting is unclear: it reads "${best.reading}" (${pct(best.p)}) or ${second}.${misread}${saw}`;
    // Read surely, and only the key in sight: why it is a look at all.
    if (alike && !other)
      doubt = `The handwriting reads "${best.reading}" (${pct(best.p)}), but a handwritten ${alike.written} is sometimes read as ${alike.read}: it may be the key's ${keyAnswer}.${saw}`;
  }
  // The best reading is the key with digits the reader mistakes for others (its sure "490" for a written 420: a 2 read
  // as 9, `READ_AS`), or with a mark read between its digits ("8,15" for 815, "2/1" for 211): a child is likelier to
  // have written the key than a wrong answer of just those marks. The mark is the key's, its probability the ink's for
  // the key and those readings together, and the question a look (0123).
  const alikeTo = (reading: string) => keys.find((k) => k && (alikeDigits(k, reading) || separatorAlike(k, reading)));
  const alikeKey = alikeTo(best.reading);
  // The key as the child wrote it: its reading when the ink lists it, else the key the reading is alike to, judged.
  const keyAsWritten = () => {
    const listed = judged.find((j) => credit(j.judgement) === 100);
    if (listed || !alikeKey) return listed;
    const text = substitute(answer, word.text, alikeKey);
    const judgement = judgeAnswer(question, text, context);
    return credit(judgement) === 100 ? { reading: alikeKey, text, judgement } : undefined;
  };
  const asKey = tuning.alikeIsKey && alikeKey && !right ? keyAsWritten() : undefined;
  if (asKey) {
    const forKey = judged.filter((j) => credit(j.judgement) === 100 || alikeTo(j.reading) !== undefined);
    const forKeySupport = Math.min(
      1,
      forKey.reduce((sum, j) => sum + j.p, 0),
    );
    verdictLog.record?.(question.number, { support: forKeySupport, judged: support, looks, clear: false, full: true });
    const why = alike ? `a handwritten ${alike.written} is sometimes read as ${alike.read}` : separatorAlike(alikeKey!, best.reading);
    const saw = seen && seen !== best.reading ? ` The page reader saw "${ocr.text}".` : "";
    return {
      judgement: asKey.judgement,
      answer: asKey.text,
      probability: stated(forKeySupport, false, true),
      clear: false,
      doubt: `The handwriting reads "${best.reading}" (${pct(best.p)}). Marked as the key's ${asKey.reading}: ${why}.${saw}`,
    };
  }
  // A doubt that the digits were misread (a doubled digit read once) is settled when the ink clearly supports the
  // mark: the key's own reading was weighed against it.
  const judgement = clear && best.judgement.misread ? { ...best.judgement, doubt: undefined } : best.judgement;
  // A contradicted mark keeps the ink's probability: on dev pages such marks were mostly right (decision 0043).
  verdictLog.record?.(question.number, { support, judged: support, looks, clear, full: right });
  return { judgement, answer: best.text, probability: stated(support, clear, right), clear, doubt };
}

/** Both readers read the key with one digit lost, not the same one ("79" and "29" for 279). */
function lostApart(key: string, seenDigits: string, bestDigits: string): boolean {
  const lostOne = (d: string) => /^\d+$/.test(d) && d.length === key.length - 1 && within(d, key);
  return seenDigits !== bestDigits && lostOne(seenDigits) && lostOne(bestDigits);
}
