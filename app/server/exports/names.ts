/** Canvas lists students as 'Last, First' (its sortable name: the last word is the surname). */
export function canvasStudentName(name: string): string {
  const trimmed = name.trim();
  const parts = trimmed.split(/\s+/);
  if (parts.length < 2 || trimmed.includes(",")) return trimmed;
  const last = parts.pop()!;
  return `${last}, ${parts.join(" ")}`;
}
