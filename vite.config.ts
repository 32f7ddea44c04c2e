import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { remixOptions } from "./remix.config";

export default defineConfig(({ command }) => ({
  plugins: [
    // Only for `remix vite:dev`; during a build it would boot workerd for nothing.
    command === "serve" && cloudflareDevProxyVitePlugin(),
    remix(remixOptions),
    tailwindcss(),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: {
    // `wrangler dev` serves build/ while it runs: a rebuild must not empty it under its feet.
    emptyOutDir: process.env.GRADEWELL_KEEP_BUILD !== "1",
  },
}));
