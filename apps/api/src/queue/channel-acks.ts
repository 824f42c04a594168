import type { Channel, Message } from 'amqplib';

export type ChannelAcks = {
  /** A message was delivered on the channel and is being worked on. */
  receive(message: Message): void;
  /** The message is done with (its outcome committed): acked together with the others done in this turn. */
  ack(message: Message): void;
  /** The message will not be acked here (it was nacked). */
  drop(message: Message): void;
  /** Sends the acks waiting for the end of this turn now (before the channel closes). */
  flush(): void;
};

/**
 * The acks of one consumer channel, sent together: the messages done in the same turn of the event
 * loop cost one ack frame (multiple) for those below every message still in flight, and one each
 * for the others. A multiple ack never covers a message in flight, so at least once holds: a crash
 * before the frame goes out redelivers messages whose outcome is committed, which idempotent
 * handlers make harmless.
 */
export function createChannelAcks(channel: Pick<Channel, 'ack'>, isOpen: () => boolean): ChannelAcks {
  const inFlight = new Set<number>();
  let done: Message[] = [];
  let isScheduled = false;
  const tagOf = (message: Message) => message.fields.deliveryTag;

  const flush = () => {
    isScheduled = false;
    if (done.length === 0) return;
    const messages = done.sort((a, b) => tagOf(a) - tagOf(b));
    done = [];
    // On a channel that has since closed the acks are moot: the broker redelivers.
    if (!isOpen()) return;
    let lowestInFlight = Number.POSITIVE_INFINITY;
    for (const tag of inFlight) if (tag < lowestInFlight) lowestInFlight = tag;
    // Every message below the lowest one in flight is acked (now or before) or nacked: one frame covers them.
    const below = messages.filter((message) => tagOf(message) < lowestInFlight);
    const last = below.at(-1);
    if (last) channel.ack(last, true);
    for (const message of messages.slice(below.length)) channel.ack(message);
  };

  return {
    receive(message) {
      inFlight.add(tagOf(message));
    },
    ack(message) {
      inFlight.delete(tagOf(message));
      done.push(message);
      if (isScheduled) return;
      isScheduled = true;
      setImmediate(flush);
    },
    drop(message) {
      inFlight.delete(tagOf(message));
    },
    flush,
  };
}
