// The integration tests' console.error check (docs/decisions/0046, 0050): the unit tests' recorder, told which
// logs come from a queue delivery of a message that an earlier test sent.
import { beforeEach } from "vitest";
import { attributeConsoleErrors } from "../setup/console-error";
import { deliveries } from "./queue-deliveries";

let testStartedAt = 0;
beforeEach(() => {
  testStartedAt = Date.now();
});

attributeConsoleErrors(() => {
  const delivery = deliveries.getStore();
  if (!delivery || delivery.sentAt >= testStartedAt) return null;
  return `a ${delivery.queue} message sent ${new Date(delivery.sentAt).toISOString()}, before this test began`;
});
