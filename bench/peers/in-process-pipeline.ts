// The floor of the bench, in its own process (bench/compare.ts starts it as system `floor`): the
// shared emit route and send-and-record (peer-pipeline.ts) with no queue at all, each job sent
// in-process right after its rows commit. It keeps no lease, retry schedule or crash recovery, so it
// is not a product a team could ship: its process's CPU is the least this stack (Fastify,
// node-postgres, undici) spends per delivery, against which our app's is read. Its PostgreSQL
// statements are the peers', so its database CPU is no floor.
import { exitOnSigterm, startPeerPipeline } from './peer-pipeline';

const databaseUrl = process.env.PEER_DATABASE_URL as string;
const pipeline = await startPeerPipeline(databaseUrl, async (jobs) => {
  for (const job of jobs) void pipeline.deliver(job);
});

exitOnSigterm(async () => {});
