import { z } from 'zod';
import { addAuthDetailsIssues, normalizeAuthDetails, ZAuthDetailsInput, ZAuthType } from './auth-details';
import { ZEmail, ZHttpUrl, ZListQuery, ZPagination } from './common';
import { VISIBILITIES } from './enums';

export const ZVisibility = z.enum(VISIBILITIES, { error: 'Visibilidade inválida' });

export const ZApplicationName = z
  .string({ error: 'Nome é obrigatório' })
  .trim()
  .min(1, { error: 'Nome é obrigatório' })
  .max(255, { error: 'Nome deve ter no máximo 255 caracteres' });

/** Absent, null or blank means "no callback". */
export const ZOptionalHttpUrl = z
  .union([z.literal(''), ZHttpUrl])
  .nullish()
  .transform((value) => value || null);

/** A site that may embed the portal in an iframe: scheme, host and port only (`https://app.example.com`). */
export const ZPortalOrigin = z
  .string({ error: 'Origem inválida' })
  .trim()
  .max(255, { error: 'Origem muito longa' })
  .refine(
    (value) =>
      URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value,
    {
      error: 'Origem inválida: use esquema, host e porta, sem caminho (ex.: https://app.exemplo.com)',
    },
  );

/**
 * How the application's consumers see the portal: the sites allowed to embed it (none: it opens
 * only on its own), and the brand it wears.
 */
export const ZPortalSettings = z
  .object({
    allowedOrigins: z
      .array(ZPortalOrigin, { error: 'Informe uma lista de origens' })
      .max(20, { error: 'No máximo 20 origens' })
      .default([]),
    accentColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Cor inválida: use #RRGGBB' })
      .nullish()
      .transform((value) => value ?? null),
    logoUrl: z
      .union([z.literal(''), ZHttpUrl.regex(/^https:\/\//i, { error: 'O logotipo deve usar https://' })])
      .nullish()
      .transform((value) => value || null),
    displayName: z
      .string()
      .trim()
      .max(80, { error: 'Nome deve ter no máximo 80 caracteres' })
      .nullish()
      .transform((value) => value || null),
  })
  .meta({ id: 'PortalSettings' });
export type TPortalSettings = z.output<typeof ZPortalSettings>;
export type TPortalSettingsForm = z.input<typeof ZPortalSettings>;
export const DEFAULT_PORTAL_SETTINGS: TPortalSettings = {
  allowedOrigins: [],
  accentColor: null,
  logoUrl: null,
  displayName: null,
};

/** What an answer shows instead of a stored proxy password (write it back to keep the password). */
export const MASKED_PROXY_PASSWORD = '••••••';

const isProxyUrl = (value: string) => {
  const url = URL.parse(value);
  return (
    url !== null &&
    /^https?:$/.test(url.protocol) &&
    url.hostname !== '' &&
    (url.pathname === '/' || url.pathname === '') &&
    url.search === '' &&
    url.hash === ''
  );
};

/** `%` in the user or password starts an escape (`%40` for `@`): a stray one cannot be read back. */
const hasReadableCredentials = (value: string) => {
  const url = URL.parse(value);
  if (url === null) return true;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return true;
  } catch {
    // A malformed escape: refused below with its own message.
    return false;
  }
};

/** A host reached without the proxy: `api.example.com`, `.example.com` (its subdomains too) or `*`. */
const ZProxyExcludeEntry = z
  .string({ error: 'Host inválido na lista de exceções' })
  .trim()
  .toLowerCase()
  .max(253, { error: 'Host muito longo na lista de exceções' })
  .regex(/^(\*|\.?[a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/, {
    error: 'Host inválido na lista de exceções (ex.: api.exemplo.com ou .exemplo.com)',
  });

/**
 * The application's own egress proxy, used instead of OUTBOUND_PROXY_URL for its deliveries,
 * callbacks, test sends and OAuth2 token requests; null: the global one. `url` may carry
 * credentials (`http://user:password@proxy:3128`); answers show the password as MASKED_PROXY_PASSWORD.
 */
export const ZOutboundProxy = z
  .object({
    url: z
      .string({ error: 'URL do proxy é obrigatória' })
      .trim()
      .min(1, { error: 'URL do proxy é obrigatória' })
      .max(2048, { error: 'URL do proxy muito longa' })
      .refine(isProxyUrl, {
        error: 'URL do proxy inválida: use http:// ou https://, host e porta, sem caminho',
      })
      .refine(hasReadableCredentials, {
        error: 'Usuário ou senha do proxy inválidos: escreva % como %25 (ex.: %40 para @)',
      }),
    exclude: z
      .array(ZProxyExcludeEntry, { error: 'Informe uma lista de hosts' })
      .max(50, { error: 'No máximo 50 hosts na lista de exceções' })
      .default([]),
  })
  .nullable()
  .meta({ id: 'OutboundProxy' });
export type TOutboundProxy = z.output<typeof ZOutboundProxy>;
export type TOutboundProxyForm = z.input<typeof ZOutboundProxy>;

export const ZCreateApplicationRequest = z.object({
  name: ZApplicationName,
  portal: ZPortalSettings.optional(),
});
export type TCreateApplicationRequest = z.infer<typeof ZCreateApplicationRequest>;

/**
 * PUT /applications/{id}: absent fields keep their value, null (or '') clears the callback URL.
 * Changing the auth type without details clears the details (they belong to the old type).
 */
export const ZUpdateApplicationRequest = z
  .object({
    name: ZApplicationName.optional(),
    visibility: ZVisibility.optional(),
    callbackUrl: ZOptionalHttpUrl,
    callbackAuthType: ZAuthType.optional(),
    callbackAuthDetails: ZAuthDetailsInput,
    /** Replaces the portal settings whole. */
    portal: ZPortalSettings.optional(),
    /** Absent: unchanged; null: the global proxy (OUTBOUND_PROXY_URL). */
    outboundProxy: ZOutboundProxy.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.callbackAuthType) {
      addAuthDetailsIssues(value.callbackAuthType, value.callbackAuthDetails, ctx, ['callbackAuthDetails']);
    }
  })
  .transform((value) => ({
    ...value,
    callbackAuthDetails: value.callbackAuthType
      ? normalizeAuthDetails(value.callbackAuthType, value.callbackAuthDetails)
      : value.callbackAuthDetails,
  }));
export type TUpdateApplicationRequest = z.output<typeof ZUpdateApplicationRequest>;
export type TUpdateApplicationForm = z.input<typeof ZUpdateApplicationRequest>;

export const ZApplicationListQuery = ZListQuery.extend({
  /** discover: the PUBLIC applications of every user, read-only unless a member. */
  scope: z.enum(['member', 'discover'], { error: 'Escopo inválido' }).default('member'),
});
export type TApplicationListQuery = z.infer<typeof ZApplicationListQuery>;

export const ZApplicationPermissions = z.object({
  isOwner: z.boolean(),
  canRead: z.boolean(),
  canWrite: z.boolean(),
  canDelete: z.boolean(),
});
export type TApplicationPermissions = z.infer<typeof ZApplicationPermissions>;

export const ZApplicationListItem = z
  .object({
    id: z.string(),
    name: z.string(),
    /** First 12 characters of the key; the full key only via GET /applications/{id}/api-key. */
    apiKeyPrefix: z.string(),
    visibility: ZVisibility,
    callbackUrl: z.string().nullable(),
    callbackAuthType: ZAuthType,
    /** Secret values are '••••••' unless the caller may edit. */
    callbackAuthDetails: z.record(z.string(), z.string()).nullable(),
    portal: z.object({
      allowedOrigins: z.array(z.string()),
      accentColor: z.string().nullable(),
      logoUrl: z.string().nullable(),
      displayName: z.string().nullable(),
    }),
    /** The application's own egress proxy (password shown as '••••••'); null: the global one. */
    outboundProxy: z.object({ url: z.string(), exclude: z.array(z.string()) }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    _count: z.object({ events: z.number().int() }),
    permissions: ZApplicationPermissions,
  })
  .meta({ id: 'Application' });
export type TApplicationListItem = z.infer<typeof ZApplicationListItem>;

export const ZApplicationStats = z.object({
  total: z.number().int(),
  public: z.number().int(),
  private: z.number().int(),
  events: z.number().int(),
});
export type TApplicationStats = z.infer<typeof ZApplicationStats>;

export const ZApplicationListResponse = z
  .object({
    data: z.array(ZApplicationListItem),
    pagination: ZPagination,
    stats: ZApplicationStats,
  })
  .meta({ id: 'ApplicationList' });
export type TApplicationListResponse = z.infer<typeof ZApplicationListResponse>;

/** Create and regenerate answer the full key once. */
export const ZApplicationWithKey = ZApplicationListItem.extend({ apiKey: z.string() }).meta({
  id: 'ApplicationWithKey',
});
export type TApplicationWithKey = z.infer<typeof ZApplicationWithKey>;

export const ZApiKeyResponse = z.object({ apiKey: z.string() }).meta({ id: 'ApiKey' });
export type TApiKeyResponse = z.infer<typeof ZApiKeyResponse>;

/** The secret that signs the application's event callbacks (`whsec_…`, Standard Webhooks). */
export const ZCallbackSecretResponse = z.object({ secret: z.string() }).meta({ id: 'CallbackSecret' });
export type TCallbackSecretResponse = z.infer<typeof ZCallbackSecretResponse>;

export const ZApplicationEventSummary = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string(),
  status: z.string(),
  visibility: z.string(),
  queueType: z.string(),
  createdAt: z.string(),
  _count: z.object({ subscriptions: z.number().int() }),
});
export type TApplicationEventSummary = z.infer<typeof ZApplicationEventSummary>;

export const ZApplicationDetail = ZApplicationListItem.extend({
  statistics: z.object({
    totalEvents: z.number().int(),
    totalSubscriptions: z.number().int(),
    totalLogs: z.number().int(),
  }),
  events: z.array(ZApplicationEventSummary),
}).meta({ id: 'ApplicationDetail' });
export type TApplicationDetail = z.infer<typeof ZApplicationDetail>;

// Membership

const ZFlag = z.boolean({ error: 'Use verdadeiro ou falso' });

export const ZAddMemberRequest = z.object({
  email: ZEmail,
  canRead: ZFlag.default(true),
  canWrite: ZFlag.default(false),
  canDelete: ZFlag.default(false),
});
export type TAddMemberRequest = z.output<typeof ZAddMemberRequest>;
export type TAddMemberForm = z.input<typeof ZAddMemberRequest>;

export const ZUpdateMemberRequest = z.object({
  canRead: ZFlag.optional(),
  canWrite: ZFlag.optional(),
  canDelete: ZFlag.optional(),
});
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequest>;

/** POST /applications/{id}/transfer-ownership: the member who becomes the owner. */
export const ZTransferOwnershipRequest = z.object({
  userId: z.uuid({ error: 'Usuário inválido' }),
});
export type TTransferOwnershipRequest = z.infer<typeof ZTransferOwnershipRequest>;

export const ZMemberParams = z.object({
  id: z.uuid({ error: 'Identificador inválido' }),
  userId: z.uuid({ error: 'Identificador inválido' }),
});

export const ZMember = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    isOwner: z.boolean(),
    canRead: z.boolean(),
    canWrite: z.boolean(),
    canDelete: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Member' });
export type TMember = z.infer<typeof ZMember>;

export const ZMemberListResponse = z.object({ data: z.array(ZMember) }).meta({ id: 'MemberList' });
export type TMemberListResponse = z.infer<typeof ZMemberListResponse>;

// Invitations: a non-admin adds members by e-mail through an invitation, answered the same whether
// the address has an account or not.

export const MEMBER_INVITATION_SENT =
  'Convite registrado. Se este e-mail pertencer a uma conta, a pessoa verá o convite ao entrar no Webhook Manager.';

export const ZMemberInvitationSent = z.object({ message: z.string() }).meta({ id: 'MemberInvitationSent' });
export type TMemberInvitationSent = z.infer<typeof ZMemberInvitationSent>;

/** A pending invitation as the application's owner sees it: by e-mail only. */
export const ZPendingInvitation = z
  .object({
    id: z.string(),
    email: z.string(),
    canRead: z.boolean(),
    canWrite: z.boolean(),
    canDelete: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PendingInvitation' });
export type TPendingInvitation = z.infer<typeof ZPendingInvitation>;
export const ZPendingInvitationList = z
  .object({ data: z.array(ZPendingInvitation) })
  .meta({ id: 'PendingInvitationList' });
export type TPendingInvitationList = z.infer<typeof ZPendingInvitationList>;

/** An invitation as the invited person sees it after signing in. */
export const ZMyInvitation = z
  .object({
    id: z.string(),
    application: z.object({ id: z.string(), name: z.string() }),
    canRead: z.boolean(),
    canWrite: z.boolean(),
    canDelete: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'MyInvitation' });
export type TMyInvitation = z.infer<typeof ZMyInvitation>;
export const ZMyInvitationList = z.object({ data: z.array(ZMyInvitation) }).meta({ id: 'MyInvitationList' });
export type TMyInvitationList = z.infer<typeof ZMyInvitationList>;

export const ZInvitationAccepted = z.object({ applicationId: z.string() }).meta({ id: 'InvitationAccepted' });
export type TInvitationAccepted = z.infer<typeof ZInvitationAccepted>;
