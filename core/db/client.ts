import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A drizzle client for one request or one queue batch; never kept at module scope. */
export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}
export type Db = ReturnType<typeof getDb>;
