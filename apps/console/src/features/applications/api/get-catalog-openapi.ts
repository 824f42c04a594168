import { api } from '@/lib/api-client';

/** The catalogue as an OpenAPI 3.1 document, for a consumer's type generator. */
export const getCatalogOpenApi = (applicationId: string) =>
  api.get('/applications/{id}/catalog/openapi.json', { params: { id: applicationId } });
