// D1 binds at most 100 values a statement (https://developers.cloudflare.com/d1/platform/limits/).
// Every query that binds a list of ids goes through here instead of slicing or failing silently.

export const D1_MAX_BOUND_VALUES = 100;

/** Splits `items` into runs of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Runs `query` once per D1-sized slice of `ids` and concatenates the rows. `otherBoundValues` is how many
 * other values the statement binds (the teacher id, a class id, ...), so each slice leaves room for them.
 */
export async function inChunks<T, R>(ids: readonly T[], otherBoundValues: number, query: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  if (ids.length === 0) return [];
  const size = D1_MAX_BOUND_VALUES - otherBoundValues;
  const rows: R[] = [];
  // One slice at a time: D1 runs statements of one database serially anyway, and order stays stable.
  for (const slice of chunk([...new Set(ids)], size)) rows.push(...(await query(slice)));
  return rows;
}

/** How many rows of `columns` values fit in one multi-row INSERT. */
export function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.floor(D1_MAX_BOUND_VALUES / columns));
}
