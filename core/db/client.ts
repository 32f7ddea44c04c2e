import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * One drizzle client per D1 binding, made on first use: building one reads the whole schema's relations again
 * (about 1 ms a request in the web worker's profile). The client holds no request state, only the binding,
 * and the binding is the same object for every request an isolate serves.
 */
const clients = new WeakMap<D1Database, Db>();

export function getDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    clients.set(d1, db);
  }
  return db;
}
