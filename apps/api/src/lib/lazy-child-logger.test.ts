import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { makeRequestLogger } from './lazy-child-logger';
import { createLogger } from './logger';

function captureLogs(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(level, destination), lines };
}

describe('a request logger', () => {
  it('writes a line at an enabled level with the request id and credentials redacted', () => {
    const { logger, lines } = captureLogs('warn');
    const log = makeRequestLogger(logger, { reqId: 'r-1' }, {});
    log.error({ body: { apiKey: 's3cr3t' } }, 'boom');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'r-1', msg: 'boom', level: 50 });
    expect(JSON.stringify(lines[0])).not.toContain('s3cr3t');
  });

  it('writes nothing below the level, and then writes every later line with its bindings', () => {
    const { logger, lines } = captureLogs('warn');
    const log = makeRequestLogger(logger, { reqId: 'r-2' }, {});
    log.info('incoming request');
    log.debug('detail');
    expect(lines).toHaveLength(0);
    log.warn('slow');
    log.child({ step: 'send' }).warn('again');
    expect(lines.map((line) => [line.reqId, line.msg, line.step])).toEqual([
      ['r-2', 'slow', undefined],
      ['r-2', 'again', 'send'],
    ]);
  });

  it('follows a level set on it, and a route level given when it is made', () => {
    const { logger, lines } = captureLogs('warn');
    const log = makeRequestLogger(logger, { reqId: 'r-3' }, {});
    expect(log.level).toBe('warn');
    log.level = 'info';
    log.info('now written');
    const routeLog = makeRequestLogger(logger, { reqId: 'r-4' }, { level: 'debug' });
    routeLog.debug('route detail');
    expect(lines.map((line) => line.msg)).toEqual(['now written', 'route detail']);
  });
});
