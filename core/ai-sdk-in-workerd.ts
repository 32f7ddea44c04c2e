// Under nodejs_compat, workerd reports process.release.name === "node", so the AI SDK loads
// node:diagnostics_channel for telemetry and caches that promise at module scope. A promise made in one
// request's context and awaited in a later one never lets the later invocation finish: the grading queue's second
// batch hung after streaming feedback. Telling the SDK this is not Node keeps telemetry a pass-through.
const processObject = (globalThis as { process?: { release?: { name?: string } } }).process;
if (processObject?.release?.name === "node") {
  processObject.release = { ...processObject.release, name: "workerd" };
}
export {};
