import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Setup files run outside isolated storage and may run more than once: applyD1Migrations only applies new ones.
if (!env.TEST_MIGRATIONS) throw new Error("TEST_MIGRATIONS is not bound: see vitest.integration.config.ts");
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
