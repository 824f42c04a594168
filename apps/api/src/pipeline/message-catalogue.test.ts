import { describe, expect, it } from 'vitest';
import { readMessageBody, toMessageBody } from './message-catalogue';

const eventLogId = '0190a0a0-0000-7000-8000-000000000000';

describe('readMessageBody', () => {
  it('When a body is published for a kind, then it reads back as that kind and payload', () => {
    expect(readMessageBody(toMessageBody('event-log', { eventLogId }))).toEqual({
      kind: 'event-log',
      payload: { eventLogId },
    });
  });

  it('When a body has no kind (published before kinds were named), then it is an event-log message', () => {
    expect(readMessageBody({ eventLogId })).toEqual({ kind: 'event-log', payload: { eventLogId } });
  });

  it('When the kind is unknown or the payload does not parse, then nothing is read', () => {
    expect(readMessageBody({ kind: 'no-such-kind', eventLogId })).toBeNull();
    expect(readMessageBody({ kind: 'toString', eventLogId })).toBeNull();
    expect(readMessageBody({ kind: 'event-log', eventLogId: 'not-an-id' })).toBeNull();
    expect(readMessageBody({ kind: 'event-log' })).toBeNull();
    expect(readMessageBody(null)).toBeNull();
    expect(readMessageBody([eventLogId])).toBeNull();
  });
});
