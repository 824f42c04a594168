import { describeJsonFlaw, findJsonFlaw } from '../../domain/json-flaws';

/** What a request's body gives the rules as `data`, or why it cannot be read (400 or 415). */
export type InboundBody =
  | { isRead: true; data: unknown }
  | { isRead: false; status: 400 | 415; reason: string };

export const UNSUPPORTED_CONTENT_TYPE =
  'Tipo de conteúdo não suportado: envie application/json ou application/x-www-form-urlencoded';
export const INVALID_JSON = 'JSON inválido no corpo da requisição';
export const NULL_BODY = 'O corpo JSON não pode ser null';

const mediaTypeOf = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() || undefined;

const isJsonType = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** Form fields as an object; a field repeated becomes an array of its values, in order. */
export function formToObject(text: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(text)) {
    const earlier = fields.get(name);
    fields.set(
      name,
      earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value],
    );
  }
  return Object.fromEntries(fields);
}

/**
 * The body as data: JSON (`application/json`, `*+json`, or no content type and a JSON text) or
 * `application/x-www-form-urlencoded` fields; an empty body gives the query string's fields (a GET).
 * What PostgreSQL or a later JSON text cannot hold (NUL, a lone surrogate, 1e309, nesting past the
 * limit) is refused as it is for every other request.
 */
export function readInboundBody(raw: Buffer, contentType: string | undefined, query: string): InboundBody {
  const mediaType = mediaTypeOf(contentType);
  let data: unknown;
  if (raw.length === 0) data = formToObject(query);
  else if (mediaType === 'application/x-www-form-urlencoded') data = formToObject(raw.toString('utf8'));
  else if (mediaType === undefined || mediaType === 'text/plain' || isJsonType(mediaType)) {
    try {
      data = JSON.parse(raw.toString('utf8'));
    } catch {
      return mediaType && isJsonType(mediaType)
        ? { isRead: false, status: 400, reason: INVALID_JSON }
        : { isRead: false, status: 415, reason: UNSUPPORTED_CONTENT_TYPE };
    }
  } else return { isRead: false, status: 415, reason: UNSUPPORTED_CONTENT_TYPE };
  if (data === null) return { isRead: false, status: 400, reason: NULL_BODY };
  const flaw = findJsonFlaw(data);
  if (flaw) return { isRead: false, status: 400, reason: describeJsonFlaw(flaw) };
  return { isRead: true, data };
}
