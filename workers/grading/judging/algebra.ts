// Equivalent algebraic forms: "2x + 6", "6 + 2x", "2(x+3)" and "x^2 + 5x + 6" vs "(x+2)(x+3)" are compared by
// value at several points, not by spelling.
import type { Judgement } from "./judgement";
import type { QuestionContext } from "../answers/question-context";
import { DIGIT_LOOKALIKES } from "../values/values";

type Token = { t: "num"; v: number } | { t: "var"; v: string } | { t: "op"; v: string };

function tokenize(src: string): Token[] | undefined {
  const s = src.replace(/[−–—]/g, "-").replace(/[×·]/g, "*").replace(/÷/g, "/").replace(/²/g, "^2").replace(/³/g, "^3").replace(/\s+/g, "");
  const tokens: Token[] = [];
  for (let i = 0; i < s.length;) {
    const rest = s.slice(i);
    const num = rest.match(/^\d+(?:\.\d+)?|^\.\d+/);
    if (num) {
      tokens.push({ t: "num", v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const c = s[i]!;
    if (/[a-z]/i.test(c)) tokens.push({ t: "var", v: c.toLowerCase() });
    else if ("+-*/^()".includes(c)) tokens.push({ t: "op", v: c });
    else return undefined;
    i++;
  }
  // Implicit multiplication: 2x, 2(x), x(y), )(, )x, x y.
  const out: Token[] = [];
  for (const tok of tokens) {
    const prev = out.at(-1);
    const prevEnds = prev && (prev.t === "num" || prev.t === "var" || (prev.t === "op" && prev.v === ")"));
    const starts = tok.t === "num" || tok.t === "var" || (tok.t === "op" && tok.v === "(");
    if (prevEnds && starts && !(prev.t === "num" && tok.t === "num")) out.push({ t: "op", v: "*" });
    out.push(tok);
  }
  return out;
}

type Expr = (vars: Record<string, number>) => number;

/** Recursive descent: sum → product → unary → power → atom. */
function parse(tokens: Token[]): Expr | undefined {
  let i = 0;
  const peek = () => tokens[i];
  const isOp = (v: string) => peek()?.t === "op" && peek()!.v === v;
  function sum(): Expr {
    let left = product();
    while (isOp("+") || isOp("-")) {
      const op = (tokens[i++] as { v: string }).v;
      const l = left;
      const r = product();
      left = op === "+" ? (x) => l(x) + r(x) : (x) => l(x) - r(x);
    }
    return left;
  }
  function product(): Expr {
    let left = unary();
    while (isOp("*") || isOp("/")) {
      const op = (tokens[i++] as { v: string }).v;
      const l = left;
      const r = unary();
      left = op === "*" ? (x) => l(x) * r(x) : (x) => l(x) / r(x);
    }
    return left;
  }
  function unary(): Expr {
    if (isOp("-")) {
      i++;
      const e = unary();
      return (x) => -e(x);
    }
    if (isOp("+")) i++;
    return power();
  }
  function power(): Expr {
    const base = atom();
    if (isOp("^")) {
      i++;
      const exp = unary();
      return (x) => base(x) ** exp(x);
    }
    return base;
  }
  function atom(): Expr {
    const tok = tokens[i++];
    if (!tok) throw new Error("end");
    if (tok.t === "num") return () => tok.v;
    if (tok.t === "var") return (x) => x[tok.v] ?? NaN;
    if (tok.v === "(") {
      const e = sum();
      if (!isOp(")")) throw new Error(")");
      i++;
      return e;
    }
    throw new Error("unexpected");
  }
  try {
    const e = sum();
    return i === tokens.length ? e : undefined;
  } catch {
    return undefined;
  }
}

export interface Expression {
  evaluate: Expr;
  variables: string[];
  /** Spelling without spaces, lower case, for "copied the question" checks. */
  compact: string;
}

/** An algebraic expression with at least one variable and one operation, or undefined. */
export function parseExpression(src: string): Expression | undefined {
  const text = src.trim().replace(/[.;]$/, "");
  if (!/[a-z]/i.test(text) || !/[+\-*/^()²³]|\d[a-z]/i.test(text)) return undefined;
  // Words are not algebra: at most single letters between operators.
  if (/[a-z]{2,}/i.test(text.replace(/\b(?:x|y|z|a|b|c|n|m|p|q|t)\b/gi, ""))) return undefined;
  const tokens = tokenize(text);
  if (!tokens) return undefined;
  const evaluate = parse(tokens);
  if (!evaluate) return undefined;
  const variables = [...new Set(tokens.filter((t) => t.t === "var").map((t) => t.v as string))];
  return { evaluate, variables, compact: text.toLowerCase().replace(/\s+/g, "").replace(/²/g, "^2") };
}

const POINTS = [-2.5, -1, 0.5, 1.5, 3, 7.25];

/** True when both expressions agree at several points (and use the same variables). */
export function equivalentExpressions(a: Expression, b: Expression): boolean {
  if (a.variables.sort().join() !== b.variables.sort().join()) return false;
  return POINTS.every((p, k) => {
    const vars = Object.fromEntries(a.variables.map((v, j) => [v, p + j * 1.37 + k * 0.11]));
    const x = a.evaluate(vars);
    const y = b.evaluate(vars);
    return Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x));
  });
}

/**
 * Readings of an expression that undo the usual misreads: a superscript read as a plain digit after its
 * variable ("x2" for x²) and letters that look like digits where the key has no such variable ("l2" for 12).
 * The first reading equivalent to the key, if any.
 */
export function misreadEquivalent(key: Expression, answer: string): string | undefined {
  const vars = new Set(key.variables);
  // A multiplication sign for the key's x ("2× + 6"), a t for a plus sign where the key has no t ("2x t 6").
  const signs = answer.replace(/×/g, vars.has("x") ? "x" : "×").replace(/\st\s/g, (m) => (vars.has("t") ? m : " + "));
  const digitsFor = signs.replace(/[A-Za-z|]/g, (c) => (vars.has(c.toLowerCase()) ? c : (DIGIT_LOOKALIKES[c] ?? c)));
  // The superscript also with a space before it, as a reader leaves one ("x 2 + 5x + 6").
  const powers = (s: string) =>
    s.replace(/([a-z]) ?([23])(?![\d.])/gi, (m, v: string, p: string) => (vars.has(v.toLowerCase()) ? `${v}^${p}` : m));
  // One letter read for another: the answer has a letter the key does not and lacks one the key has ("4v + 12").
  const letters = new Set((signs.toLowerCase().match(/[a-z]/g) ?? []).filter((c) => !vars.has(c)));
  const absent = key.variables.filter((v) => !signs.toLowerCase().includes(v));
  const swapped = letters.size === 1 && absent.length === 1 ? signs.replace(new RegExp([...letters][0]!, "gi"), absent[0]!) : signs;
  for (const candidate of [signs, powers(signs), digitsFor, powers(digitsFor), swapped, powers(swapped)]) {
    if (candidate === answer) continue;
    const expr = parseExpression(candidate);
    if (expr && equivalentExpressions(key, expr)) return candidate;
  }
  return undefined;
}

/**
 * An answer to an algebra question: equal to the key at every point is right, unless it is the question's own
 * expression written back; working before the answer ("2(x + 3) = 2x + 6") is read for its last side. The usual
 * misreadings are undone with a doubt (misreadEquivalent).
 */
export function judgeExpression(keyExpr: Expression, keyRaw: string, answer: string, context?: QuestionContext): Judgement {
  const sides = answer.split("=");
  const last = sides.length > 1 && sides.at(-1)!.trim() ? sides.at(-1)! : answer;
  const studentExpr = parseExpression(last);
  const misread = studentExpr && equivalentExpressions(keyExpr, studentExpr) ? undefined : misreadEquivalent(keyExpr, last);
  if (misread) {
    return {
      credit: 1,
      confidence: 0.6,
      reason: `Correct if read as ${misread}: equals ${keyRaw}.`,
      doubt: `"${last.trim()}" was taken as ${misread} (a superscript, a sign, a letter or a digit may have been misread).`,
    };
  }
  if (!studentExpr) {
    return { credit: 0, confidence: 0.7, reason: `Expected ${keyRaw}.`, doubt: "The answer could not be read as an expression." };
  }
  if (!equivalentExpressions(keyExpr, studentExpr)) {
    // A letter the key does not use is more likely a misreading than the student's: worth a look.
    const foreign = studentExpr.variables.filter((v) => !keyExpr.variables.includes(v));
    return {
      credit: 0,
      confidence: 0.93,
      reason: `${last.trim()} is not equal to ${keyRaw}.`,
      doubt: foreign.length
        ? `"${last.trim()}" has ${foreign.join(", ")}, which the key does not use: a letter may have been misread.`
        : undefined,
    };
  }
  const asked = context?.text.toLowerCase().replace(/\s+/g, "") ?? "";
  if (asked && asked.includes(studentExpr.compact) && studentExpr.compact !== keyExpr.compact) {
    return { credit: 0, confidence: 0.85, reason: "Wrote back the question's expression without simplifying it." };
  }
  return { credit: 1, confidence: 0.96, reason: `Correct: ${last.trim()} equals ${keyRaw}.` };
}
