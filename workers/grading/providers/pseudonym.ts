// Student names never leave for a hosted model: each name becomes a stable pseudonym first.

export interface Pseudonymizer {
  pseudonym: string;
  hide(text: string): string;
  reveal(text: string): string;
}

function hash(s: string): string {
  let h = 2166136261;
  for (const ch of s.toLowerCase()) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h.toString(36).toUpperCase().slice(0, 4).padStart(4, "0");
}

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function createPseudonymizer(studentName: string | null | undefined): Pseudonymizer {
  const name = studentName?.trim();
  if (!name) return { pseudonym: "Student", hide: (t) => t, reveal: (t) => t };
  const pseudonym = `Student ${hash(name)}`;
  // The full name first, then each part of it (a first name alone in the text is still a name).
  const parts = [name, ...name.split(/\s+/).filter((p) => p.length >= 2)];
  const pattern = new RegExp(parts.map((p) => `(?<![\\p{L}])${escape(p)}(?![\\p{L}])`).join("|"), "giu");
  return {
    pseudonym,
    hide: (text) => text.replace(pattern, pseudonym),
    reveal: (text) => text.split(pseudonym).join(name),
  };
}
