// GradingJob: one Durable Object per grading job. It orders, stores, fans out and replays the job's events,
// and answers the job's status for polling. The queue consumer owns the work; this object only records it.
import { DurableObject } from "cloudflare:workers";
import { JobEvent, type StoredJobEvent } from "../../core/jobs/events";
import type { GradingJobRpc, JobState } from "../../core/jobs/stub";
import { MAX_RECOVERY_SWEEPS, requeueUnfinished, stallLimitMs } from "./recovery";
import { failUnfinishedSubmissions, settleJob } from "./results";
const HEARTBEAT_MS = 15_000;
const encoder = new TextEncoder();

export function formatSseEvent(stored: StoredJobEvent): string {
  return `id: ${stored.seq}\ndata: ${JSON.stringify({ seq: stored.seq, at: stored.at, ...stored.event })}\n\n`;
}

export class GradingJob extends DurableObject<Env> implements GradingJobRpc {
  private subscribers = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  /**
   * The job's state and whether silent sweeps are counted, as stored: kept here, since only this object writes
   * them, so that an event is one write to storage (its row), not four. A class set's 600 events each read and
   * rewrote the state and re-armed the alarm, in the process that serves the pages (docs/decisions/0087).
   */
  private current: JobState | undefined;
  private sweepsCounted = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        dedupe_key TEXT UNIQUE,
        at INTEGER NOT NULL,
        body TEXT NOT NULL)`);
      this.current = this.ctx.storage.kv.get<JobState>("state");
      this.sweepsCounted = this.ctx.storage.kv.get<number>("sweeps") !== undefined;
    });
  }

  private get state(): JobState | undefined {
    return this.current;
  }

  private set state(value: JobState) {
    this.current = value;
    this.ctx.storage.kv.put("state", value);
  }

  /** Idempotent: a retried start keeps the events already recorded. */
  async start(input: { jobId: string; teacherId: string; total: number }): Promise<void> {
    if (this.state) return;
    this.state = { ...input, done: 0, failed: 0, averageScore: null, status: "processing" };
    await this.ctx.storage.setAlarm(Date.now() + stallLimitMs(this.env));
    this.append({ type: "job_started", total: input.total }, "job_started");
  }

  /**
   * Appends an event and sends it to every live subscriber. With a dedupe key, an event already recorded
   * under that key (a retried queue message) is not recorded again: answers null then.
   */
  async append(input: JobEvent, dedupeKey?: string): Promise<number | null> {
    const event = JobEvent.parse(input);
    if (!this.state) return null; // never started, or erased with its teacher's data: nothing is recorded
    const at = Date.now();
    const row = this.ctx.storage.sql
      .exec<{ seq: number }>(
        "INSERT INTO events (dedupe_key, at, body) VALUES (?, ?, ?) ON CONFLICT(dedupe_key) DO NOTHING RETURNING seq",
        dedupeKey ?? null,
        at,
        JSON.stringify(event),
      )
      .toArray()[0];
    if (!row) return null;
    this.applyToState(event);
    this.broadcast(formatSseEvent({ seq: row.seq, at, event }), event.type === "job_done");
    return row.seq;
  }

  async erase(): Promise<void> {
    for (const writer of this.subscribers) writer.close().catch(() => {});
    this.subscribers.clear();
    this.stopHeartbeat();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.current = undefined;
    this.sweepsCounted = false;
  }

  async status(): Promise<JobState | null> {
    await this.ensureWatched();
    return this.state ?? null;
  }

  /** After a restart a lost alarm would leave a silent job waiting forever: whoever looks at the job re-arms it. */
  private async ensureWatched() {
    if (!this.state || this.isFinished()) return;
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm < Date.now() - 5_000) await this.ctx.storage.setAlarm(Date.now());
  }

  async events(afterSeq = 0): Promise<StoredJobEvent[]> {
    return this.readEvents(afterSeq);
  }

  private readEvents(afterSeq: number): StoredJobEvent[] {
    return this.ctx.storage.sql
      .exec<{ seq: number; at: number; body: string }>("SELECT seq, at, body FROM events WHERE seq > ? ORDER BY seq", afterSeq)
      .toArray()
      .map((r) => ({ seq: r.seq, at: r.at, event: JSON.parse(r.body) as JobEvent }));
  }

  /** Server-Sent Events: replays what came after Last-Event-ID, then streams live until the job ends. */
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const lastId = Number(request.headers.get("Last-Event-ID") ?? url.searchParams.get("lastEventId") ?? 0);
    const after = Number.isFinite(lastId) && lastId > 0 ? Math.floor(lastId) : 0;
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    // Queue the whole backlog synchronously, before subscribing: live events then land behind it, in order.
    const writes = [writer.write(encoder.encode("retry: 2000\n\n"))];
    for (const stored of this.readEvents(after)) writes.push(writer.write(encoder.encode(formatSseEvent(stored))));
    await this.ensureWatched();
    if (this.isFinished()) {
      writes.push(writer.close());
    } else {
      this.subscribers.add(writer);
      this.startHeartbeat();
    }
    Promise.all(writes).catch(() => this.subscribers.delete(writer));
    return new Response(readable, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  }

  /**
   * Watchdog: a job silent for the stall limit has its unfinished submissions put back on the queue (a killed
   * or restarted runtime loses what it was doing, not the work); after MAX_RECOVERY_SWEEPS silent sweeps in a
   * row the rest are failed, so every job ends.
   */
  async alarm(): Promise<void> {
    const state = this.state;
    if (!state || this.isFinished()) return;
    const limit = stallLimitMs(this.env);
    const last = this.ctx.storage.sql.exec<{ at: number }>("SELECT max(at) AS at FROM events").toArray()[0]?.at ?? 0;
    if (Date.now() - last < limit) {
      await this.ctx.storage.setAlarm(last + limit);
      return;
    }
    const sweeps = (this.ctx.storage.kv.get<number>("sweeps") ?? 0) + 1;
    if (sweeps > MAX_RECOVERY_SWEEPS) {
      await failUnfinishedSubmissions(this.env, state, this, "Grading stopped responding; please try this submission again.");
      return;
    }
    const requeued = await requeueUnfinished(this.env, state.jobId, state.teacherId);
    if (requeued === 0) {
      // Everything is graded or failed but the end was not recorded (killed between the two): record it now.
      await settleJob(this.env, state, this);
      return;
    }
    this.ctx.storage.kv.put("sweeps", sweeps);
    this.sweepsCounted = true;
    this.append({
      type: "error",
      message: `Grading was interrupted; ${requeued} ${requeued === 1 ? "submission was" : "submissions were"} put back in the queue.`,
    });
  }

  private isFinished(): boolean {
    const status = this.state?.status;
    return status !== undefined && status !== "processing";
  }

  /**
   * Only progress and the job's end change the state. The watchdog's alarm is not moved at every event: when it
   * rings it measures the silence from the last event, and rings again that long after it (alarm()).
   */
  private applyToState(event: JobEvent) {
    const state = this.state;
    if (!state) return;
    if (event.type === "progress" || event.type === "job_done") {
      this.state = {
        ...state,
        done: event.done,
        failed: event.failed,
        total: event.total,
        averageScore: event.averageScore,
        status: event.type === "job_done" ? event.status : state.status,
      };
    }
    // News from the work itself ends a run of silent sweeps.
    if (this.sweepsCounted && (event.type !== "error" || event.submissionId)) {
      this.ctx.storage.kv.delete("sweeps");
      this.sweepsCounted = false;
    }
    if (event.type === "job_done") void this.ctx.storage.deleteAlarm();
  }

  private broadcast(text: string, closeAfter: boolean) {
    const bytes = encoder.encode(text);
    for (const writer of this.subscribers) {
      writer.write(bytes).catch(() => this.subscribers.delete(writer));
      if (closeAfter) writer.close().catch(() => {});
    }
    if (closeAfter) this.subscribers.clear();
    if (this.subscribers.size === 0) this.stopHeartbeat();
  }

  private startHeartbeat() {
    this.heartbeat ??= setInterval(() => this.broadcast(": ping\n\n", false), HEARTBEAT_MS);
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
