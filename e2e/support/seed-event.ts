import { expect } from '@playwright/test';
import type { Api } from './api';

type Fields = Record<string, unknown>;
type SeedInput = { application?: Fields; event: Fields; subscriptions?: Fields[] };

let seedCounter = 0;

/**
 * An application, one event of it and the event's subscriptions, made through the API. `describe`
 * gets a suffix unique to this call, for names and aliases that must not clash; the fields it gives
 * are sent as they are, the ids that tie the three together are filled in, and the application is
 * named `Loja <suffix>` unless it says otherwise.
 */
export async function seedSubscribedEvent(api: Api, describe: (suffix: string) => SeedInput) {
  seedCounter += 1;
  const suffix = `${Date.now().toString(36)}${seedCounter}`;
  const input = describe(suffix);
  const { data: application } = await api.post<{ data: { id: string; apiKey: string } }>('/applications', {
    name: `Loja ${suffix}`,
    ...input.application,
  });
  const { data: event } = await api.post<{ data: { id: string; alias: string } }>('/events', {
    applicationId: application.id,
    ...input.event,
  });
  const subscriptions: Array<{ id: string; name: string }> = [];
  for (const subscription of input.subscriptions ?? []) {
    const { data: created } = await api.post<{ data: { id: string; name: string } }>('/subscriptions', {
      eventId: event.id,
      ...subscription,
    });
    subscriptions.push(created);
  }
  return { application, event, subscriptions, suffix };
}

/** A RABBITMQ event's settings for a quick outcome: one try, no retry, the shortest wait between sends. */
export const QUEUED_WITHOUT_RETRIES = {
  queueType: 'RABBITMQ',
  delayBetweenSends: 100,
  messageTtl: 60_000,
  maxRetries: 0,
  priority: 5,
} as const;

type EventLog = { id: string; status: string; eventType: string };

/**
 * Waits until the queue's event logs that `query` selects (`eventType=…&status=…`) number `count`, as
 * the worker handles them after the emit answered; returns them.
 */
export async function waitForEventLogs(api: Api, query: string, count: number) {
  let logs: EventLog[] = [];
  await expect
    .poll(
      async () => {
        logs = (await api.get<{ data: EventLog[] }>(`/rabbitmq/events?${query}`)).data;
        return logs.length;
      },
      { timeout: 20_000 },
    )
    .toBe(count);
  return logs;
}
