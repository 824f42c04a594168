/**
 * The cost an ENFORCE or WARN event adds to an emit: the payload check alone, on one core, with
 * a 30-property schema and a ~1 KB payload (the case), against OFF, which adds nothing but
 * one comparison. Compiling happens once per (event, schema version) and is timed apart.
 *
 *   npm run bench -- schema [--seconds 2]
 *
 * Not the end-to-end figure (emit throughput and CPU per emit, ENFORCE against OFF, over HTTP):
 * that needs the emit server of `compare.ts` and is still to be written. Divide the µs printed
 * here by the CPU per emit that `npm run bench -- compare` prints for the same machine.
 */
import { parseArgs } from 'node:util';
import { compilePayloadCheck } from '../apps/api/src/lib/json-schema';
import { fmt } from './support';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '2' } } });
const SECONDS = Number(args.seconds);

const PROPERTIES = 30;
const properties: Record<string, unknown> = {};
const payload: Record<string, unknown> = {};
for (let i = 0; i < PROPERTIES; i++) {
  const kind = i % 3;
  properties[`field${i}`] =
    kind === 0
      ? { type: 'string', maxLength: 128 }
      : kind === 1
        ? { type: 'integer', minimum: 0 }
        : { type: 'boolean' };
  payload[`field${i}`] = kind === 0 ? `valor-${i}-${'x'.repeat(50)}` : kind === 1 ? i * 1000 : i % 2 === 0;
}
const schema = { type: 'object', required: Object.keys(properties), properties, additionalProperties: false };
const bytes = JSON.stringify(payload).length;

const compileStart = process.cpuUsage();
const check = compilePayloadCheck(schema);
const compileCpu = process.cpuUsage(compileStart);

function measure(run: () => void): { perSecond: number; cpuMicros: number } {
  for (let i = 0; i < 10_000; i++) run();
  let count = 0;
  const cpu = process.cpuUsage();
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 1000; i++) run();
    count += 1000;
  }
  const used = process.cpuUsage(cpu);
  return { perSecond: count / SECONDS, cpuMicros: (used.user + used.system) / count };
}

const invalid = { ...payload, field1: 'não é número' };
const valid = measure(() => {
  if (check(payload).length !== 0) throw new Error('valid payload refused');
});
const broken = measure(() => {
  if (check(invalid).length === 0) throw new Error('invalid payload accepted');
});

console.log(`schema: ${PROPERTIES} properties, payload ${bytes} bytes`);
console.log(`compile once: ${fmt((compileCpu.user + compileCpu.system) / 1000, 2)} ms CPU`);
console.log(
  `check, valid payload:   ${fmt(valid.perSecond, 0)} checks/s, ${fmt(valid.cpuMicros, 2)} µs CPU each`,
);
console.log(
  `check, invalid payload: ${fmt(broken.perSecond, 0)} checks/s, ${fmt(broken.cpuMicros, 2)} µs CPU each`,
);
console.log('OFF: no check (one comparison per emit)');
