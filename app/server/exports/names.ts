// Canvas's sortable name ('Last, First'), as Canvas itself derives it from a user's name (User.name_parts and
// User.last_name_first in instructure/canvas-lms app/models/user.rb): a suffix such as Jr. or III stays after the
// given names ("Jordan Smith Jr." is "Smith, Jordan Jr."), and the surname is otherwise the last word.

/** Canvas's list of name suffixes (User::SUFFIXES). */
const SUFFIXES = /^(Sn?r\.?|Senior|Jn?r\.?|Junior|II|III|IV|V|VI|Esq\.?|Esquire)$/i;

/** Ruby's String#split(/\s*,\s*\/, 3): at most three parts, the last keeping any further commas. */
function splitCommas(name: string): string[] {
  const parts: string[] = [];
  let rest = name;
  while (parts.length < 2) {
    const match = /\s*,\s*/.exec(rest);
    if (!match) break;
    parts.push(rest.slice(0, match.index));
    rest = rest.slice(match.index + match[0].length);
  }
  parts.push(rest);
  return parts;
}

/** [given, surname, suffix] the way Canvas splits a name it did not already get surname-first. */
export function canvasNameParts(name: string): [string | null, string | null, string | null] {
  const trimmed = name.trim();
  let [surname, given, suffix]: (string | undefined)[] = splitCommas(trimmed);
  // "Doe, John, Sr."; otherwise "Ho, Chi, Min" is "Ho, Chi Min".
  if (suffix !== undefined && !SUFFIXES.test(suffix)) {
    given = `${given} ${suffix}`;
    suffix = undefined;
  }
  if (given !== undefined) {
    // "John Doe, Sr."
    if (suffix === undefined && /\s/.test(surname ?? "") && SUFFIXES.test(given)) {
      suffix = given;
      given = surname;
      surname = undefined;
    }
  } else {
    given = trimmed;
    surname = undefined;
  }
  const givenParts = (given ?? "").split(/\s+/).filter(Boolean);
  // "John Doe Sr."
  if (suffix === undefined && givenParts.length > 1 && SUFFIXES.test(givenParts.at(-1)!)) suffix = givenParts.pop();
  if (surname === undefined && givenParts.length > 1) surname = givenParts.pop();
  return [givenParts.length ? givenParts.join(" ") : null, surname ?? null, suffix ?? null];
}

/** Canvas lists students by this sortable name ('Last, First Suffix'); a single name stays as it is. */
export function canvasStudentName(name: string): string {
  const [given, surname, suffix] = canvasNameParts(name);
  const first = [given, suffix].filter((p): p is string => p != null).join(" ");
  return surname != null ? `${surname}, ${first}`.trim() : first;
}
