// The recogniser's character list, parsed the same way by the Node and the workerd asset loaders.

/** The recogniser's character list file: one class a line after the CTC blank; the space class comes last. */
export function parseCharacters(text: string): string[] {
  return [...text.replace(/\r/g, "").replace(/\n$/, "").split("\n"), " "];
}
