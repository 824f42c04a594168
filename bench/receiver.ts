// Bench receiver, run in its own process: answers 200 to every webhook (an empty body on /empty) and keeps
// counts and emit-to-receive latencies (from data.sentAt) for the bench to read.
import { createServer } from 'node:http';

let received = 0;
let latencies: number[] = [];

const server = createServer((req, res) => {
  if (req.url === '/__stats') {
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    res.end(JSON.stringify({ received, latencies: sorted.length, p50: at(0.5), p99: at(0.99) }));
    return;
  }
  if (req.url === '/__reset') {
    received = 0;
    latencies = [];
    res.end('{}');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    received += 1;
    if (req.url === '/latency') {
      try {
        const sentAt = JSON.parse(Buffer.concat(chunks).toString()).sentAt;
        if (typeof sentAt === 'number') latencies.push(performance.timeOrigin + performance.now() - sentAt);
      } catch {}
    }
    // /empty answers as many receivers do: 200 and no body.
    res.end(req.url === '/empty' ? '' : 'ok');
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
});
