import { openBenchStorage } from './support';
const storage = await openBenchStorage('postgres');
console.log(storage.env.DATABASE_URL);
await storage.ctx.database.close();
process.exit(0);
