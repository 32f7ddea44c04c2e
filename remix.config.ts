// The Remix Vite plugin's options (imported by vite.config.ts).
import type { VitePluginConfig } from "@remix-run/dev";

export const remixOptions: VitePluginConfig = {
  ignoredRouteFiles: ["**/*.test.ts", "**/*.css"],
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}
