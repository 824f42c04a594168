import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operationalEndpoints } from '../../db/schema';

export type OperationalEndpointRow = typeof operationalEndpoints.$inferSelect;

/** A page of the endpoints `where` lets through, newest first, with their total. */
export async function selectOperationalEndpointPage(
  db: Database,
  where: SQL | undefined,
  page: { offset: number; limit: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(operationalEndpoints)
      .where(where)
      .orderBy(desc(operationalEndpoints.createdAt), desc(operationalEndpoints.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(operationalEndpoints).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The endpoint when `managed` lets it through; undefined otherwise. */
export async function findOperationalEndpointRow(db: Database, managed: SQL, id: string) {
  const [row] = await db
    .select()
    .from(operationalEndpoints)
    .where(and(managed, eq(operationalEndpoints.id, id)))
    .limit(1);
  return row;
}

export async function insertOperationalEndpoint(db: Database, row: typeof operationalEndpoints.$inferInsert) {
  const [inserted] = await db.insert(operationalEndpoints).values(row).returning();
  if (!inserted) throw new Error('operational endpoint insert returned nothing');
  return inserted;
}

export async function updateOperationalEndpointColumns(
  db: Database,
  id: string,
  columns: Partial<typeof operationalEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(operationalEndpoints)
    .set(columns)
    .where(eq(operationalEndpoints.id, id))
    .returning();
  return row;
}

export async function deleteOperationalEndpointRow(db: Database, id: string) {
  await db.delete(operationalEndpoints).where(eq(operationalEndpoints.id, id));
}
