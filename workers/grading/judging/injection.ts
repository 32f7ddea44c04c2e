// Student text is data, never instructions: text that tries to steer a grader is flagged for the teacher.

const PATTERNS: RegExp[] = [
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|prompts?|rules?|key|rubric|above|previous|grader|grading)\b/i,
  /\b(give|award|grant|assign)\b.{0,30}\b(full|maximum|max|all( the)?|perfect|100\s*%?|extra)\s*(marks?|points?|credit|score|grade)\b/i,
  /\b(mark|grade|score)\b.{0,25}\b(as|it|this|everything|all)\b.{0,15}\b(correct|right|100|perfect|an? a\+?)\b/i,
  /\byou are (now )?(an?|the)\b.{0,30}\b(ai|assistant|grader|model|teacher)\b/i,
  /\b(system|developer)\s*(prompt|message|instructions?)\b/i,
  /\bas an? (ai|language model)\b/i,
  /<\/?(system|instructions?|prompt|grading-result)>/i,
  /\b(ignora|ignorez|ignoriere)\b.{0,40}\b(instrucciones|instructions|anweisungen|clave|corrig[ée])\b/i,
  /\b(dame|donnez|gib)\b.{0,30}\b(puntos|points|punkte|nota)\b/i,
];

export interface InjectionFinding {
  excerpt: string;
  line: number;
}

export function detectPromptInjection(text: string): InjectionFinding[] {
  const findings: InjectionFinding[] = [];
  text.split("\n").forEach((line, index) => {
    if (PATTERNS.some((p) => p.test(line))) findings.push({ excerpt: line.trim().slice(0, 160), line: index });
  });
  return findings;
}
