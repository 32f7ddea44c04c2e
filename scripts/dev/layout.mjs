// The local process layout (docs/decisions/0014). workerd runs every worker of one `wrangler dev` on one thread,
// so while a page was being recognised the web app, the queue and the job's event stream all waited. Now:
// - the app process: one `wrangler dev` of the web worker and the grading worker (queue consumer, GradingJob
//   Durable Object), which owns the local D1, R2 and queue state (workerd's SQLite files cannot be shared between
//   processes: a second process failed with SQLITE_BUSY);
// - reader processes (default: one per core, at most 2), each a `wrangler dev` of workers/grading/reader.ts in its
//   own workerd: the grading worker reads uploads through them (service bindings READER_1..n, least busy first,
//   workers/grading/reading.ts), and its queue consumer takes as many submissions a batch as there are readers.
// Readers run at a lower CPU priority than the app process, so that pages and event streams stay quick.
// They find each other through a dev registry of their own (other checkouts run workers with the same names).
// The deployed configuration is untouched: the grading worker's local config is derived from
// workers/grading/wrangler.toml at every start and written beside it (git-ignored).
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { cpus, setPriority } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { experimental_readRawConfig: readRawConfig } = require("wrangler");
const root = resolve(import.meta.dirname, "../..");
/** Submissions the queue consumer takes at once, per reader process (READER_BATCH overrides; see docs/decisions/0024). */
const BATCH_PER_READER = Number(process.env.READER_BATCH ?? 5);

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

function writeJson(path, value) {
  writeFileSync(path, JSON.stringify(value, null, 2) + "\n");
  return path;
}

/** `--var NAME:value` settings as wrangler config vars. */
function varsObject(vars) {
  return Object.fromEntries(vars.map((v) => [v.slice(0, v.indexOf(":")), v.slice(v.indexOf(":") + 1)]));
}

/**
 * What wrangler watches to rebuild a worker when its sources change, as it does by default, but through the operating
 * system's file events: without a build command wrangler bundles in esbuild's watch mode, which polls every source
 * file of the bundle, about a tenth of a core for the four bundles, idle or busy (docs/decisions/0133). The command
 * does nothing: wrangler bundles the worker itself after it. Paths are relative to the config's folder. Neither list
 * holds a `.wrangler` folder, where wrangler writes each bundle: watched, it would rebuild for ever.
 */
function watchedBuild(paths) {
  return { command: "true", watch_dir: paths };
}
/** The grading worker's sources, from workers/grading (where its derived configs are). */
const gradingBuild = () =>
  watchedBuild([...readdirSync(join(root, "workers/grading")).filter((name) => !name.startsWith(".")), "../../core"]);
/** The web worker's: its entry, the server code it imports, the Remix build and core (from the project's root). */
const webBuild = () => watchedBuild(["workers/app.ts", "app", "build/server", "core"]);

/**
 * Writes the derived configs: the grading worker's (readers bound, batch size = readers, `vars` added: wrangler
 * gives `--var` to the first config of a multi-config `wrangler dev` only) and each reader's. `tag` keeps two
 * layouts running at once on this machine (the e2e server and a test's own) from sharing, and so reloading,
 * each other's files.
 */
export function writeLayoutConfigs(readers, { tag = "", vars = [] } = {}) {
  const grading = { ...readRawConfig({ config: join(root, "workers/grading/wrangler.toml") }).rawConfig, build: gradingBuild() };
  const web = { ...readRawConfig({ config: join(root, "wrangler.toml") }).rawConfig, build: webBuild() };
  const suffix = tag ? `-${tag}` : "";
  const names = Array.from({ length: readers }, (_, i) => `gradewell-reader-${i + 1}`);
  const [main, ...others] = grading.queues.consumers;
  const localGrading = {
    ...grading,
    vars: { ...grading.vars, ...varsObject(vars) },
    services: [...(grading.services ?? []), ...names.map((service, i) => ({ binding: `READER_${i + 1}`, service }))],
    // Miniflare hands the consumer one batch at a time: a batch of several submissions a reader keeps every
    // reader reading while earlier submissions are graded and streamed (workers/grading/reading.ts queues the reads).
    queues: {
      ...grading.queues,
      // No wait for a batch to fill: a job's messages arrive together (sendBatch), so a batch takes what is there.
      consumers: [
        { ...main, max_batch_size: Math.max(main.max_batch_size ?? 1, readers * BATCH_PER_READER), max_batch_timeout: 0 },
        ...others,
      ],
    },
  };
  const readerConfigs = names.map((name, i) =>
    writeJson(join(root, `workers/grading/.wrangler-dev-reader-${i + 1}${suffix}.json`), {
      name,
      main: "reader.ts",
      compatibility_date: grading.compatibility_date,
      compatibility_flags: grading.compatibility_flags,
      rules: grading.rules,
      build: grading.build,
    }),
  );
  const gradingConfig = writeJson(join(root, `workers/grading/.wrangler-dev-grading${suffix}.json`), localGrading);
  const webConfig = writeJson(join(root, `.wrangler-dev-web${suffix}.json`), web);
  return { webConfig, gradingConfig, readerConfigs };
}

/** How often one process may crash and be started again before the whole layout stops. */
const MAX_RESTARTS = 3;
/** A ready process whose port refuses connections this many checks in a row (2 s apart) is started again. */
const REFUSALS_BEFORE_RESTART = 3;

/** Whether something listens on the port (a busy server still accepts: only a dead one refuses). */
function listening(port) {
  return new Promise((done) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setTimeout(5000);
    socket.once("connect", () => (socket.destroy(), done(true)));
    socket.once("timeout", () => (socket.destroy(), done(true)));
    socket.once("error", () => done(false));
  });
}

/** Every process below `pid` (wrangler's workerd and esbuild children), deepest first. */
function descendants(pid) {
  const table = spawnSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" }).stdout ?? "";
  const children = new Map();
  for (const row of table.trim().split("\n")) {
    const [child, parent] = row.trim().split(/\s+/).map(Number);
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const below = (p) => (children.get(p) ?? []).flatMap((c) => [...below(c), c]);
  return below(pid);
}

/** Kills a process and everything it started, so that a new one can bind the same ports. */
function killTree(child, signal = "SIGKILL") {
  for (const pid of [...descendants(child.pid), child.pid]) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Readers run at a lower CPU priority (nice 10; READER_NICE overrides, 0 = equal): when the app process needs the
 * CPU for a page load, an event stream or the queue, it gets it ahead of text recognition. Set once a reader is
 * ready, on every thread of its process tree (wrangler and workerd), so that readers start as fast as before.
 */
const READER_NICE = Number(process.env.READER_NICE ?? 10);

/** Every thread of these processes (Linux nice is per thread; threads started later inherit it). */
function lowerPriority(pids, nice) {
  for (const pid of pids) {
    let threads = [pid];
    try {
      threads = readdirSync(`/proc/${pid}/task`).map(Number);
    } catch {
      // no /proc: the process alone
    }
    for (const tid of threads) {
      try {
        setPriority(tid, nice);
      } catch {
        // gone, or not allowed here: equal priority
      }
    }
  }
}

function wranglerDev(label, configs, port, inspectorPort, persist, env, vars = [], nice = 0) {
  // wrangler's own CLI, without its bin's extra node process (which stopped forwarding signals when we were killed).
  const cli = join(dirname(require.resolve("wrangler/package.json")), "wrangler-dist/cli.js");
  const args = ["--no-warnings", "--experimental-vm-modules", cli, "dev", ...configs.flatMap((c) => ["-c", c])];
  args.push("--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspectorPort));
  args.push("--persist-to", persist, "--show-interactive-dev-session=false");
  // Local runs only: the outbox's reader (/dev/mail) exists here, never in a deployed worker (docs/decisions/0011).
  for (const v of ["DEV_MAIL:on", ...vars]) args.push("--var", v);
  // The last lines each process printed, said again on stderr if it crashes (a test run may not show its stdout).
  const p = { label, port, child: null, ready: null, restarts: 0, spawn: null, recent: [] };
  p.spawn = () => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let ready;
    p.ready = new Promise((done) => (ready = done));
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop();
        for (const line of lines) {
          if (line.includes("Ready on http")) {
            // Niced once up, not before: a reader that starts slowly is not there when the first job needs it.
            if (nice) lowerPriority([child.pid, ...descendants(child.pid)], nice);
            ready();
          }
          p.recent.push(line);
          if (p.recent.length > 40) p.recent.shift();
          process.stdout.write(`[${label}] ${line}\n`);
        }
      });
    }
    child.on("exit", () => ready());
    p.child = child;
    p.isReady = false;
    void p.ready.then(() => (p.isReady = child.exitCode === null));
    return child;
  };
  p.spawn();
  return p;
}

/**
 * Starts the reader processes and the app process on `port`, and warms each reader's engine once it is up.
 * Answers the processes; a process that crashes is started again on the same port and state (at most
 * MAX_RESTARTS times, then the others are stopped too); if we are stopped (SIGINT, SIGTERM), all are stopped.
 * READER_PROCESSES overrides the number of readers; READER_PROCESSES=0 is the former layout (everything in one
 * workerd), kept for comparison benchmarks. `vars` are extra `--var NAME:value` settings for every process.
 */
export async function startLocalServers({ port, persist, inspectorPort, vars = [] }) {
  const count = Math.max(0, Number(process.env.READER_PROCESSES ?? Math.min(2, cpus().length)));
  const env = {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    // A dev registry of our own: other checkouts' `wrangler dev` sessions use the same worker names.
    WRANGLER_REGISTRY_PATH: join(resolve(persist), "dev-registry"),
    // Bundled as `wrangler deploy` bundles (React's production server renderer, not its development one): a page
    // costs the CPU it costs when deployed (docs/decisions/0072). NODE_ENV=development keeps React's checks.
    NODE_ENV: process.env.NODE_ENV || "production",
  };
  const processes = [];
  let stopping = false;
  const stopAll = (signal = "SIGTERM") => {
    stopping = true;
    for (const p of processes) {
      if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
      p.child.kill(signal);
      // Whatever it leaves behind once it has had time to stop (an orphaned workerd keeps its port).
      const child = p.child;
      setTimeout(() => child.exitCode === null && child.signalCode === null && killTree(child), 5000).unref();
    }
  };
  process.on("exit", () => stopAll());
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      stopAll(signal);
      setTimeout(() => process.exit(0), 2000).unref();
    });
  }
  const inspector = inspectorPort ?? (await freePort());
  const { webConfig, gradingConfig, readerConfigs } = writeLayoutConfigs(count, { tag: String(port), vars });
  if (count === 0) {
    processes.push(wranglerDev("app", [webConfig, gradingConfig], port, inspector, persist, env, vars));
    return supervise(processes, stopAll, () => stopping);
  }
  const readers = [];
  for (let i = 0; i < count; i++) {
    const readerPort = await freePort();
    // Readers keep no state, but miniflare opens SQLite files in any --persist-to folder: one of their own each.
    const own = join(persist, `reader-${i + 1}`);
    const reader = wranglerDev(`reader-${i + 1}`, [readerConfigs[i]], readerPort, await freePort(), own, env, vars, READER_NICE);
    readers.push(Object.assign(reader, { port: readerPort }));
  }
  processes.push(...readers);
  // All start at once (the app's bindings reach the readers lazily); each reader loads its engine once it is up.
  const warm = (r) => void r.ready.then(() => fetch(`http://127.0.0.1:${r.port}/warm`).catch(() => {}));
  for (const r of readers) {
    warm(r);
    r.onRestart = () => warm(r);
  }
  processes.push(wranglerDev("app", [webConfig, gradingConfig], port, inspector, persist, env, vars));
  return supervise(processes, stopAll, () => stopping);
}

function supervise(processes, stopAll, isStopping) {
  let finished;
  const exited = new Promise((done) => (finished = done));
  const watch = (p) =>
    p.child.on("exit", (code, signal) => {
      if (isStopping()) {
        if (processes.every((q) => q.child.exitCode !== null || q.child.signalCode !== null)) finished();
        return;
      }
      // Said on stderr, so that a test run's log shows it.
      console.error(`[${p.label}] exited unexpectedly (code ${code}, signal ${signal}). Its last lines:`);
      for (const line of p.recent.splice(0)) console.error(`[${p.label}]   ${line}`);
      if (p.restarts >= MAX_RESTARTS) {
        console.error(`[${p.label}] crashed ${p.restarts + 1} times; stopping the others.`);
        stopAll();
        finished();
        return;
      }
      p.restarts += 1;
      // The dead process's workerd, orphaned, would keep its ports: the children seen at the last check go too.
      for (const pid of p.tree ?? []) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      p.tree = [];
      console.error(`[${p.label}] starting it again (${p.restarts} of ${MAX_RESTARTS}).`);
      p.spawn();
      p.onRestart?.();
      watch(p);
    });
  for (const p of processes) watch(p);
  // wrangler dev keeps running when its workerd dies (a crash, or killed for memory), and then its port refuses
  // every request: such a process is killed, with its children, and started again like a crashed one.
  const health = setInterval(async () => {
    if (isStopping()) return clearInterval(health);
    for (const p of processes) {
      if (!p.isReady || p.child.exitCode !== null || p.child.signalCode !== null) continue;
      p.tree = descendants(p.child.pid);
      p.refusals = (await listening(p.port)) ? 0 : (p.refusals ?? 0) + 1;
      if (p.refusals >= REFUSALS_BEFORE_RESTART && !isStopping()) {
        console.error(`[${p.label}] its port ${p.port} refuses connections though the process runs (its workerd died?).`);
        p.refusals = 0;
        p.isReady = false;
        killTree(p.child);
      }
    }
  }, 2000);
  health.unref();
  return { processes, stopAll, exited };
}
