// The support page's questions and answers, and the search that filters them (the same function runs
// in the browser while typing and on the server for a search submitted without JavaScript).

export type FaqItem = { id: string; question: string; answer: string };

export const SUPPORT_FAQ: readonly FaqItem[] = [
  {
    id: "formats",
    question: "Which file formats can I upload?",
    answer:
      "PDF, JPG, PNG and HEIC files, plus Word documents (DOC and DOCX). You can also take photos directly from your phone: Gradewell straightens and cleans them up before reading.",
  },
  {
    id: "handwriting",
    question: "Can Gradewell read handwriting?",
    answer:
      "Typed and neatly printed work is read reliably. Messy handwriting is harder: every answer carries a confidence, and anything Gradewell is unsure about is marked 'needs review' so you check it instead of trusting a guess.",
  },
  {
    id: "answer-key",
    question: "How does grading against an answer key work?",
    answer:
      "Upload your answer key with the assignment. Gradewell matches each student answer to its question and accepts equivalent forms such as fractions, decimals, percentages and units, with partial credit where you allow it.",
  },
  {
    id: "rubric",
    question: "Can I grade essays with a rubric?",
    answer:
      "Yes. Upload your rubric and Gradewell scores the criteria it can check and writes feedback for each. Professional and School plans include the custom rubric builder.",
  },
  {
    id: "override",
    question: "Can I change a grade Gradewell gave?",
    answer: "Always. You review every result, can override any score or comment, and only the grades you accept are exported.",
  },
  {
    id: "export",
    question: "How do I export grades to my gradebook?",
    answer: "Open a graded assignment and choose Export. Grades and feedback download as a spreadsheet your gradebook can import.",
  },
  {
    id: "privacy",
    question: "Is student data private and secure?",
    answer:
      "Student work is encrypted in transit and at rest and only you can see your classes. Student names are replaced by pseudonyms before any text reaches an outside AI provider, and we never sell data or share it for marketing.",
  },
  {
    id: "trial",
    question: "How long is the free trial?",
    answer: "14 days, with no credit card required. You can choose a plan at any time during or after the trial.",
  },
  {
    id: "cancel",
    question: "How do I cancel or change my plan?",
    answer:
      "You can cancel anytime; your plan stays active until the end of the billing period. Plan changes apply immediately and are prorated.",
  },
  {
    id: "password",
    question: "I forgot my password. What should I do?",
    answer: "Choose 'Forgot password?' on the sign-in page, or contact support and we will help you get back into your account.",
  },
];

function normalise(text: string): string {
  return text
    .toLocaleLowerCase("en-US")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Items whose question or answer contains every word of the search term (case- and accent-insensitive). */
export function searchFaq(items: readonly FaqItem[], term: string): FaqItem[] {
  const words = normalise(term).split(" ").filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = normalise(`${item.question} ${item.answer}`);
    return words.every((word) => haystack.includes(word));
  });
}
