import type { TCatalog, TCatalogEvent } from '@wm/contracts';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../domain/session-user';
import { applicationAccess, requireAccess } from '../access';
import { toCatalogOpenApi } from './catalog-openapi';
import { listCatalogEvents } from './queries';

/** The application's catalogue: 404 to whoever may not read the application, then the events they may read. */
export async function getCatalog(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
): Promise<TCatalog> {
  const { row: application } = await requireAccess(ctx, user, applicationAccess, applicationId, 'read');
  const rows = await listCatalogEvents(ctx.db, user, applicationId);
  return {
    application: { id: application.id, name: application.name },
    events: rows.map((row) => ({
      ...row,
      visibility: row.visibility as TCatalogEvent['visibility'],
      schemaValidation: row.schemaValidation as TCatalogEvent['schemaValidation'],
    })),
  };
}

/** The same catalogue as an OpenAPI 3.1 document, from which a consumer generates types. */
export async function exportCatalogOpenApi(ctx: AppContext, user: SessionUser, applicationId: string) {
  return toCatalogOpenApi(await getCatalog(ctx, user, applicationId));
}
