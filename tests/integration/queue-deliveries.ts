// Which queue message a consumer invocation is handling, so that its logs are told apart (docs/decisions/0050).
// Messages the app sends are delivered by the local queue up to a second later, often after the test that sent
// them has ended and its storage was rolled back (the consumer then drops them: "Dropping a grading message for
// a job its teacher does not own"). test-worker.ts runs each delivery inside `deliveries`; the integration setup
// attributes a log written during a delivery of a message sent before the running test began to that earlier
// test, not to the running one. Shared through globalThis: the worker's modules and the test's may be loaded apart.
import { AsyncLocalStorage } from "node:async_hooks";

type Delivery = { queue: string; sentAt: number };
const holder = globalThis as typeof globalThis & { __gradewellDeliveries?: AsyncLocalStorage<Delivery> };
export const deliveries = (holder.__gradewellDeliveries ??= new AsyncLocalStorage<Delivery>());

/** Runs a consumer invocation as the delivery of its batch (sent when its earliest message was). */
export function asDelivery<T>(batch: MessageBatch<unknown>, run: () => T): T {
  const sentAt = Math.min(...batch.messages.map((message) => message.timestamp.getTime()));
  return deliveries.run({ queue: batch.queue, sentAt }, run);
}
