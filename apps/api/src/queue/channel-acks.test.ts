import type { Message } from 'amqplib';
import { describe, expect, it } from 'vitest';
import { createChannelAcks } from './channel-acks';

const tick = () => new Promise((resolve) => setImmediate(resolve));
const message = (tag: number) => ({ fields: { deliveryTag: tag } }) as Message;

function setUp(isOpen = () => true) {
  const frames: Array<{ tag: number; isMultiple: boolean }> = [];
  const channel = {
    ack(acked: Message, allUpTo?: boolean) {
      frames.push({ tag: acked.fields.deliveryTag, isMultiple: allUpTo === true });
    },
  };
  const acks = createChannelAcks(channel, isOpen);
  const messages = [1, 2, 3, 4, 5].map(message);
  for (const delivered of messages) acks.receive(delivered);
  return { acks, frames, messages };
}

describe('createChannelAcks', () => {
  it('acks the messages done in one turn with one frame when none below them is in flight', async () => {
    const { acks, frames, messages } = setUp();
    for (const done of messages.slice(0, 3).reverse()) acks.ack(done);
    expect(frames).toEqual([]);
    await tick();
    expect(frames).toEqual([{ tag: 3, isMultiple: true }]);
  });

  it('never covers a message still in flight: those above it are acked one by one', async () => {
    const { acks, frames, messages } = setUp();
    const [first, second, third, fourth, fifth] = messages as [Message, Message, Message, Message, Message];
    acks.ack(first);
    acks.ack(fourth);
    acks.ack(fifth);
    await tick();
    // 2 and 3 are in flight.
    expect(frames).toEqual([
      { tag: 1, isMultiple: true },
      { tag: 4, isMultiple: false },
      { tag: 5, isMultiple: false },
    ]);
    acks.drop(second);
    acks.ack(third);
    await tick();
    expect(frames.at(-1)).toEqual({ tag: 3, isMultiple: true });
  });

  it('sends nothing on a closed channel, and flushes on demand before a close', async () => {
    let isOpen = true;
    const { acks, frames, messages } = setUp(() => isOpen);
    acks.ack(messages[0] as Message);
    acks.flush();
    expect(frames).toEqual([{ tag: 1, isMultiple: true }]);
    acks.ack(messages[1] as Message);
    isOpen = false;
    await tick();
    expect(frames).toHaveLength(1);
  });
});
