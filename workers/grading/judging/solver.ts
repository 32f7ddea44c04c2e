// Without a key, some questions can still be checked: arithmetic and simple linear equations.
// Anything else is left for the teacher: the grader never invents certainty.

export interface Solved {
  value: number;
  /** What was solved, for the reason shown to the teacher. */
  expression: string;
  variable?: string;
}

type Token =
  { type: "num"; value: number } | { type: "op"; value: string } | { type: "paren"; value: string } | { type: "var"; value: string };

function tokenize(input: string): Token[] | undefined {
  const tokens: Token[] = [];
  const s = input
    .replace(/[×xX·](?=\s*[\d(])/g, "*")
    .replace(/÷/g, "/")
    .replace(/−/g, "-")
    .replace(/\s+/g, "");
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    const num = s.slice(i).match(/^\d+(?:\.\d+)?/);
    if (num) {
      tokens.push({ type: "num", value: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    if ("+-*/^".includes(c)) tokens.push({ type: "op", value: c });
    else if (c === "(" || c === ")") tokens.push({ type: "paren", value: c });
    else if (/[a-z]/i.test(c)) tokens.push({ type: "var", value: c.toLowerCase() });
    else return undefined;
    i++;
  }
  return tokens;
}

/** A linear polynomial a·x + b. */
type Linear = { a: number; b: number };

function parseLinear(tokens: Token[], variable?: string): Linear | undefined {
  let pos = 0;
  const peek = () => tokens[pos];
  function primary(): Linear | undefined {
    const t = peek();
    if (!t) return undefined;
    if (t.type === "op" && (t.value === "-" || t.value === "+")) {
      pos++;
      const inner = primary();
      return inner && (t.value === "-" ? { a: -inner.a, b: -inner.b } : inner);
    }
    let base: Linear | undefined;
    if (t.type === "num") {
      pos++;
      base = { a: 0, b: t.value };
    } else if (t.type === "var") {
      if (variable && t.value !== variable) return undefined;
      pos++;
      base = { a: 1, b: 0 };
    } else if (t.type === "paren" && t.value === "(") {
      pos++;
      base = expr();
      if (peek()?.type !== "paren" || peek()?.value !== ")") return undefined;
      pos++;
    } else return undefined;
    // implicit multiplication: 2x, 3(x+1)
    const next = peek();
    if (base && next && (next.type === "var" || (next.type === "paren" && next.value === "("))) {
      const right = primary();
      return right && multiply(base, right);
    }
    if (base && next?.type === "op" && next.value === "^") {
      pos++;
      const exp = primary();
      if (!exp || exp.a !== 0 || base.a !== 0) return undefined;
      return { a: 0, b: base.b ** exp.b };
    }
    return base;
  }
  function multiply(l: Linear, r: Linear): Linear | undefined {
    if (l.a !== 0 && r.a !== 0) return undefined;
    return { a: l.a * r.b + r.a * l.b, b: l.b * r.b };
  }
  function term(): Linear | undefined {
    let left = primary();
    while (left && peek()?.type === "op" && (peek()!.value === "*" || peek()!.value === "/")) {
      const op = peek()!.value;
      pos++;
      const right = primary();
      if (!right) return undefined;
      if (op === "*") left = multiply(left, right);
      else {
        if (right.a !== 0 || right.b === 0) return undefined;
        left = { a: left.a / right.b, b: left.b / right.b };
      }
    }
    return left;
  }
  function expr(): Linear | undefined {
    let left = term();
    while (left && peek()?.type === "op" && (peek()!.value === "+" || peek()!.value === "-")) {
      const op = peek()!.value;
      pos++;
      const right = term();
      if (!right) return undefined;
      left = op === "+" ? { a: left.a + right.a, b: left.b + right.b } : { a: left.a - right.a, b: left.b - right.b };
    }
    return left;
  }
  const result = expr();
  return pos === tokens.length ? result : undefined;
}

/** Solves "12 x 8 =", "What is 3/4 + 1/4?", "15% of 80", "Solve 2x + 3 = 13"; undefined when it cannot. */
export function solveQuestion(questionText: string): Solved | undefined {
  let q = questionText
    .replace(/^(what\s+is|calculate|compute|evaluate|find|work out|solve(\s+for\s+[a-z])?)\s*:?\s*/i, "")
    .replace(/[?]+\s*$/, "")
    .replace(/\s*=\s*[?_\s]*$/, "")
    .trim();
  const percentOf = q.match(/^(\d+(?:\.\d+)?)\s*%\s*of\s*(\d+(?:\.\d+)?)$/i);
  if (percentOf) return { value: (Number(percentOf[1]) / 100) * Number(percentOf[2]), expression: q };
  q = q
    .replace(/\bplus\b/gi, "+")
    .replace(/\bminus\b/gi, "-")
    .replace(/\btimes\b/gi, "*")
    .replace(/\bdivided by\b/gi, "/");
  const sides = q.split("=");
  if (sides.length > 2) return undefined;
  const vars = new Set(
    (q.match(/(?<![a-z])[a-z](?![a-z])/gi) ?? []).map((v) => v.toLowerCase()).filter((v) => v !== "x" || !/\d\s*x\s*\d/i.test(q)),
  );
  if (/[a-z]{2,}/i.test(q.replace(/(?<![a-z])[a-z](?![a-z])/gi, ""))) return undefined;
  if (sides.length === 1) {
    const tokens = tokenize(sides[0]);
    const value = tokens && parseLinear(tokens);
    if (!value || value.a !== 0 || tokens!.length < 3) return undefined;
    return { value: value.b, expression: sides[0].trim() };
  }
  if (vars.size !== 1) return undefined;
  const variable = [...vars][0];
  const lt = tokenize(sides[0]);
  const rt = tokenize(sides[1]);
  const left = lt && parseLinear(lt, variable);
  const right = rt && parseLinear(rt, variable);
  if (!left || !right) return undefined;
  const a = left.a - right.a;
  const b = right.b - left.b;
  if (a === 0) return undefined;
  return { value: b / a, expression: q, variable };
}
