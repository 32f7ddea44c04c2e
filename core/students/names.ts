// Names read from a page or a file name come in whatever case the student (or the reader) wrote them:
// "jordan smith", "JORDAN SMITH". Beside roster names they are shown in a readable case.

/**
 * Title case for a name written in one case; a name with mixed case ("McKenzie", "de la Cruz") is the
 * writer's choice and stays as it is.
 */
export function readableName(name: string): string {
  const trimmed = name.replace(/\s+/g, " ").trim();
  const letters = trimmed.replace(/[^\p{L}]/gu, "");
  if (!letters || (letters !== letters.toLowerCase() && letters !== letters.toUpperCase())) return trimmed;
  // A letter after a start, a space, a hyphen or an apostrophe begins a part: "mary-jane o'neil" -> "Mary-Jane O'Neil".
  return trimmed.toLowerCase().replace(/(^|[\s\-'’])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}
