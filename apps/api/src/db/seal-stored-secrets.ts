import { AUTH_SECRET_FIELDS, CLIENT_TLS_SECRET_FIELDS, VERIFICATION_SECRET_FIELDS } from '@wm/contracts';
import { newWebhookSecret } from '@wm/standard-webhooks';
import { type Cipher, isSealed, SEALED_PREFIX } from '../lib/crypto';
import { OPERATIONAL_APPLICATION_ID } from './operational-system';

type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
type Details = Record<string, unknown>;

const AUTH_SECRET_FIELD_LIST: readonly string[] = [...new Set(Object.values(AUTH_SECRET_FIELDS).flat())];

/**
 * Every column that holds a secret. `sealed`: a `wmenc1:` value (a subscription's or an operational endpoint's signing secret,
 * an application's callback secret); `auth`: an object whose secret `fields` are sealed one by one
 * (auth details, a route's verification); `envelope`: the API key's encrypted copy (no prefix,
 * always encrypted).
 */
const SECRET_COLUMNS = [
  { table: 'subscriptions', column: 'secret', kind: 'sealed' },
  { table: 'operational_endpoints', column: 'secret', kind: 'sealed' },
  { table: 'subscriptions', column: 'auth_details', kind: 'auth', fields: AUTH_SECRET_FIELD_LIST },
  { table: 'subscriptions', column: 'client_tls', kind: 'auth', fields: CLIENT_TLS_SECRET_FIELDS },
  { table: 'events', column: 'callback_auth_details', kind: 'auth', fields: AUTH_SECRET_FIELD_LIST },
  { table: 'applications', column: 'callback_auth_details', kind: 'auth', fields: AUTH_SECRET_FIELD_LIST },
  { table: 'applications', column: 'callback_secret', kind: 'sealed' },
  { table: 'applications', column: 'outbound_proxy', kind: 'auth', fields: ['password'] },
  { table: 'applications', column: 'api_key_encrypted', kind: 'envelope' },
  { table: 'routes', column: 'verification', kind: 'auth', fields: VERIFICATION_SECRET_FIELDS },
] as const;
type SecretColumn = (typeof SECRET_COLUMNS)[number];
const BATCH_SIZE = 500;

/** How one pass rewrites a value; `undefined` leaves it as it is. */
type Rewriter = {
  /** SQL condition picking the rows this pass changes. */
  needs(column: SecretColumn): string;
  sealed(value: string | null): string | undefined;
  field(value: string): string;
  envelope(value: string): string | undefined;
};

/** The prefix as an SQL literal (a constant of ours: nothing from outside goes into the text). */
const PREFIX = `'${SEALED_PREFIX}'`;

const sqlNeedsSealing = (column: SecretColumn): string => {
  if (column.kind === 'envelope') return 'false';
  if (column.kind === 'sealed')
    return `(${column.column} IS NULL OR left(${column.column}, length(${PREFIX})) <> ${PREFIX})`;
  // CASE first: jsonb_each fails on anything but an object.
  return `CASE WHEN jsonb_typeof(${column.column}) = 'object' THEN EXISTS (
      SELECT 1 FROM jsonb_each(${column.column}) f
      WHERE f.key IN (${column.fields.map((field) => `'${field}'`).join(', ')})
        AND jsonb_typeof(f.value) = 'string' AND left(f.value #>> '{}', length(${PREFIX})) <> ${PREFIX})
    ELSE false END`;
};

/** The start's pass: seals what is still clear and gives applications without one a callback secret. */
const sealingPass = (cipher: Cipher): Rewriter => ({
  needs: sqlNeedsSealing,
  sealed: (value) =>
    value === null ? cipher.seal(newWebhookSecret()) : isSealed(value) ? undefined : cipher.seal(value),
  field: (value) => (isSealed(value) ? value : cipher.seal(value)),
  envelope: () => undefined,
});

/** The rotation's pass: every value opened with the old key and encrypted again with the new one. */
const rotationPass = (from: Cipher, to: Cipher): Rewriter => ({
  needs: (column) => {
    if (column.kind === 'sealed' && column.column === 'callback_secret') return 'true';
    // The operational webhooks' system application has no API key to open (migration 0800).
    if (column.kind === 'envelope')
      return `${column.column} IS NOT NULL AND id <> '${OPERATIONAL_APPLICATION_ID}'`;
    return `${column.column} IS NOT NULL`;
  },
  sealed: (value) => to.seal(value === null ? newWebhookSecret() : from.open(value)),
  field: (value) => to.seal(from.open(value)),
  envelope: (value) => to.encrypt(from.decrypt(value)),
});

function rewriteValue(rewriter: Rewriter, column: SecretColumn, value: unknown): unknown {
  if (column.kind === 'sealed') return rewriter.sealed(value as string | null);
  if (column.kind === 'envelope') return rewriter.envelope(value as string);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const details = value as Details;
  let isChanged = false;
  const rewritten: Details = {};
  for (const [field, fieldValue] of Object.entries(details)) {
    const isSecret = typeof fieldValue === 'string' && (column.fields as readonly string[]).includes(field);
    rewritten[field] = isSecret ? rewriter.field(fieldValue) : fieldValue;
    if (rewritten[field] !== fieldValue) isChanged = true;
  }
  return isChanged ? rewritten : undefined;
}

/**
 * Rewrites one column in batches of BATCH_SIZE rows, one statement each. A row changed meanwhile
 * (by a user or by another process doing the same) keeps that change: the update only applies
 * where the column still holds the value read. Answers the number of rows rewritten.
 */
async function rewriteColumn(query: Query, column: SecretColumn, rewriter: Rewriter): Promise<number> {
  const type = column.kind === 'auth' ? 'jsonb' : 'text';
  const select = `SELECT id, ${column.column} AS value FROM ${column.table}
    WHERE id > $1 AND ${rewriter.needs(column)} ORDER BY id LIMIT ${BATCH_SIZE}`;
  const update = `UPDATE ${column.table} t SET ${column.column} = v.next
    FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, previous ${type}, next ${type})
    WHERE t.id = v.id AND t.${column.column} IS NOT DISTINCT FROM v.previous`;
  let total = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await query<{ id: string; value: unknown }>(select, [after]);
    const changes = rows.flatMap((row) => {
      const next = rewriteValue(rewriter, column, row.value);
      return next === undefined ? [] : [{ id: row.id, previous: row.value, next }];
    });
    if (changes.length > 0) {
      const updated = await query<{ id: string }>(`${update} RETURNING t.id`, [JSON.stringify(changes)]);
      total += updated.length;
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH_SIZE) return total;
    after = last.id;
  }
}

export type RewriteCounts = Record<string, number>;

async function rewriteEveryColumn(query: Query, rewriter: Rewriter): Promise<RewriteCounts> {
  const counts: RewriteCounts = {};
  for (const column of SECRET_COLUMNS) {
    counts[`${column.table}.${column.column}`] = await rewriteColumn(query, column, rewriter);
  }
  return counts;
}

/**
 * Run at each start, after the migrations: encrypts the secrets still stored in clear (rows from
 * before this release, or written by an older process meanwhile) and gives each application
 * without one its callback secret. Nothing to do once done, so later starts only scan.
 */
export function sealStoredSecrets(query: Query, cipher: Cipher): Promise<RewriteCounts> {
  return rewriteEveryColumn(query, sealingPass(cipher));
}

/** Every stored secret (API keys too) encrypted again from the old key to the new one. */
export function reencryptStoredSecrets(query: Query, from: Cipher, to: Cipher): Promise<RewriteCounts> {
  return rewriteEveryColumn(query, rotationPass(from, to));
}
