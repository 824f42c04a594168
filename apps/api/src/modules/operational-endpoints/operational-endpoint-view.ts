import type { OperationalEventType, TOperationalEndpoint } from '@wm/contracts';
import type { OperationalEndpointRow } from './queries';

/** The endpoint as the API answers it: never its secret (create adds it once). */
export function toOperationalEndpointView(row: OperationalEndpointRow): TOperationalEndpoint {
  return {
    id: row.id,
    url: row.url,
    eventTypes: (row.eventTypes as OperationalEventType[] | null) ?? null,
    applicationId: row.applicationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
