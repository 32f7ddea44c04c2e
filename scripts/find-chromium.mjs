// Finds Debian's Chromium for the browser tests; installs it when it can (root with apt), never downloads a browser build.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);

export function findChromium({ install = true } = {}) {
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("which", ["apt-get"]).status === 0;
  if (install && isRoot && hasApt) {
    console.log("Chromium is not installed: installing Debian's chromium package (apt-get install -y chromium)...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error("Browser tests need Chromium: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then `npm test` again.");
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findChromium());
