import amqp, { type Channel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';

/** Delayed messages wait in one queue per bucket (a queue-level TTL), so a long delay never blocks a short one. */
const LONGEST_DELAY_BUCKET_MS = 86_400_000;
const DELAY_BUCKETS_MS = [
  50,
  100,
  200,
  500,
  1_000,
  2_000,
  5_000,
  10_000,
  30_000,
  60_000,
  120_000,
  300_000,
  600_000,
  1_800_000,
  3_600_000,
  7_200_000,
  21_600_000,
  LONGEST_DELAY_BUCKET_MS,
];

export const deadLetterExchangeName = (name: string) => `${name}.dlx`;
export const deadQueueName = (name: string) => `${name}.dead`;

/**
 * The delay queues are named `.wait.` and never expire: the `.delay.` ones of earlier versions had
 * `x-expires`, and the broker deleted one still in use (publishing does not count as use), dropping
 * every later message published to it. Redeclaring those without it would be refused (406).
 */
const delayQueueName = (name: string, bucket: number) => `${name}.wait.${bucket}`;

/** Every queue this queue may declare on the broker (for an operator or a test to delete them). */
export const brokerQueueNames = (name: string) => [
  name,
  deadQueueName(name),
  ...DELAY_BUCKETS_MS.map((bucket) => delayQueueName(name, bucket)),
];

/** Deletes every queue and exchange `name` may have declared on the broker at `url` (tests, benchmarks, operators). */
export async function deleteBrokerObjects(url: string, name: string): Promise<void> {
  const model = await amqp.connect(url);
  model.on('error', () => {});
  const inChannel = async (work: (channel: Channel) => Promise<unknown>) => {
    // A failed delete closes its channel: each one gets its own.
    const channel = await model.createChannel();
    channel.on('error', () => {});
    // Ignored: a queue or exchange never declared answers 404, and then there is nothing to delete.
    await work(channel).catch(() => {});
    // Ignored: after a refused delete the broker has closed the channel already.
    await channel.close().catch(() => {});
  };
  try {
    for (const queue of brokerQueueNames(name)) await inChannel((channel) => channel.deleteQueue(queue));
    await inChannel((channel) => channel.deleteExchange(deadLetterExchangeName(name)));
  } finally {
    // Ignored: the deletes are done; a connection the broker dropped meanwhile has nothing left to close.
    await model.close().catch(() => {});
  }
}

export const H_ATTEMPTS = 'x-wm-attempts';
/** Names one publish, so a message the broker returns (no queue to route it to) fails its own publish. */
export const H_PUBLISH_ID = 'x-wm-publish-id';
export const H_EXPIRES_AT = 'x-wm-expires-at';
/** Epoch ms (the publisher's clock) when the message is due: not handled before, and its lag counts from it. */
export const H_DUE_AT = 'x-wm-due-at';
export const H_PACING_KEY = 'x-wm-pacing-key';
export const H_PACING_MS = 'x-wm-pacing-ms';
/** The W3C trace context header, under its own name as in HTTP. */
export const H_TRACEPARENT = 'traceparent';

/**
 * The main queue: durable, priorities 1–10, expired messages dead-lettered
 * through `<name>.dlx` to `<name>.dead`.
 */
export async function declareTopology(channel: ConfirmChannel, name: string) {
  const dlx = deadLetterExchangeName(name);
  await channel.assertExchange(dlx, 'fanout', { durable: true });
  await channel.assertQueue(deadQueueName(name), { durable: true });
  await channel.bindQueue(deadQueueName(name), dlx, '');
  await channel.assertQueue(name, {
    durable: true,
    arguments: { 'x-max-priority': 10, 'x-dead-letter-exchange': dlx },
  });
}

/**
 * The bucket a wait of `delayMs` goes through first: the longest that does not pass it (the
 * shortest for a wait below it). What is left is waited in further buckets (`H_DUE_AT`), so a
 * jittered retry keeps its jitter instead of being rounded up to the next bucket.
 */
export function delayBucketFor(delayMs: number): number {
  let bucket = DELAY_BUCKETS_MS[0] as number;
  for (const candidate of DELAY_BUCKETS_MS) if (candidate <= delayMs) bucket = candidate;
  return bucket;
}

/** The delay queue for `delayMs` (declared once per connection): its messages go back to `name` when they are due. */
export async function declareDelayQueue(
  channel: Channel,
  name: string,
  delayMs: number,
  declared: Set<number>,
): Promise<string> {
  const bucket = delayBucketFor(delayMs);
  const queue = delayQueueName(name, bucket);
  if (!declared.has(bucket)) {
    await channel.assertQueue(queue, {
      durable: true,
      arguments: {
        'x-message-ttl': bucket,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': name,
      },
    });
    declared.add(bucket);
  }
  return queue;
}

/** What this queue keeps in a message's headers. */
export function readHeaders(raw: ConsumeMessage) {
  const headers = raw.properties.headers ?? {};
  return {
    attempts: Number(headers[H_ATTEMPTS] ?? 0),
    expiresAt: numberOrNull(headers[H_EXPIRES_AT]),
    dueAt: numberOrNull(headers[H_DUE_AT]),
    pacingKey: typeof headers[H_PACING_KEY] === 'string' ? (headers[H_PACING_KEY] as string) : null,
    pacingMs: Number(headers[H_PACING_MS] ?? 0),
    traceparent: typeof headers[H_TRACEPARENT] === 'string' ? (headers[H_TRACEPARENT] as string) : undefined,
  };
}

function numberOrNull(value: unknown): number | null {
  const number = Number(value);
  return value === undefined || value === null || !Number.isFinite(number) ? null : number;
}
