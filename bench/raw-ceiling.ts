// The drain benchmark's raw ceiling, run in its own process: undici POSTs to the bench receiver,
// `concurrency` in flight, no database. Usage: raw-ceiling.ts <receiver url> <total> <concurrency>.
// Prints {"rate": deliveries per second}.
import { Agent, request } from 'undici';

async function rawCeiling(url: string, total: number, concurrency: number) {
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const body = JSON.stringify({ order: { id: 1, total: 99.9, customer: 'Maria da Silva' } });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const response = await request(`${url}/raw`, {
          method: 'POST',
          dispatcher: agent,
          body,
          headers: { 'content-type': 'application/json', 'webhook-id': String(next) },
        });
        await response.body.text();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  return total / seconds;
}

const [url = '', total = '20000', concurrency = '256'] = process.argv.slice(2);
// A first, discarded quarter warms this process's undici and JIT: a cold ceiling would flatter the ratio.
rawCeiling(url, Math.ceil(Number(total) / 4), Number(concurrency))
  .then(() => rawCeiling(url, Number(total), Number(concurrency)))
  .then(
    (rate) => console.log(JSON.stringify({ rate })),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
