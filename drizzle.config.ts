import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./core/db/schema.ts",
  out: "./migrations",
});
