export const VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const AUTH_TYPES = ['NONE', 'BASIC', 'BEARER', 'API_KEY'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
/** A subscription also takes OAuth2 client credentials (a token fetched by the worker); callbacks do not. */
export const SUBSCRIPTION_AUTH_TYPES = [...AUTH_TYPES, 'OAUTH2_CLIENT_CREDENTIALS'] as const;
export type SubscriptionAuthType = (typeof SUBSCRIPTION_AUTH_TYPES)[number];
export const OAUTH2_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;
export type OAuth2AuthMethod = (typeof OAUTH2_AUTH_METHODS)[number];

export const ENTITY_STATUSES = ['ACTIVE', 'INACTIVE', 'PAUSED', 'FAILED'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];

/** Why the delivery engine set a subscription FAILED: its target answered 410, or too many failures in a row. */
export const SUBSCRIPTION_DISABLED_REASONS = ['GONE', 'CONSECUTIVE_FAILURES', 'CIRCUIT_OPEN'] as const;
export type SubscriptionDisabledReason = (typeof SUBSCRIPTION_DISABLED_REASONS)[number];
/** Failed deliveries in a row after which the delivery engine sets a subscription FAILED. */
export const SUBSCRIPTION_AUTO_DISABLE_AFTER = 20;
/** Each reason in pt-BR, completing "foi desativada porque…": the console's notice and the notifications. */
export const DISABLED_REASON_TEXT: Record<SubscriptionDisabledReason, string> = {
  GONE: 'o destino respondeu 410 (Gone), avisando que não aceita mais entregas',
  CONSECUTIVE_FAILURES: `${SUBSCRIPTION_AUTO_DISABLE_AFTER} entregas seguidas falharam`,
  CIRCUIT_OPEN: 'o circuito ficou aberto sem nenhuma entrega bem-sucedida durante o prazo de desativação',
};

/** A subscription's circuit breaker: delivering, deferring until a cool-down ends, or probing. */
export const CIRCUIT_STATES = ['CLOSED', 'OPEN', 'HALF_OPEN'] as const;
export type CircuitState = (typeof CIRCUIT_STATES)[number];

/** STANDARD exists as a value but is refused by the API (400): see STANDARD_QUEUE_REASON. */
export const QUEUE_TYPES = ['IMMEDIATE', 'RABBITMQ', 'STANDARD', 'FIFO'] as const;
export const SELECTABLE_QUEUE_TYPES = ['IMMEDIATE', 'RABBITMQ', 'FIFO'] as const;

/** A FIFO subscription's key once a delivery of it FAILED for good: move on, or wait for a resend or a skip. */
export const FIFO_ON_FAILURE = ['CONTINUE', 'HOLD'] as const;
export type FifoOnFailure = (typeof FIFO_ON_FAILURE)[number];
export type QueueType = (typeof QUEUE_TYPES)[number];

export const HTTP_METHODS = ['POST', 'PUT', 'GET', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'SUCCESS', 'FAILED', 'IGNORED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const EVENT_LOG_STATUSES = ['PENDING', 'PROCESSING', 'SUCCESS', 'FAILED'] as const;
export type EventLogStatus = (typeof EVENT_LOG_STATUSES)[number];

export const FILTER_ORIGINS = ['HEADER', 'BODY'] as const;
export type FilterOrigin = (typeof FILTER_ORIGINS)[number];

export const FILTER_OPERATORS = ['=', '!=', '>', '<', '>=', '<=', 'CONTAINS', 'NOT_CONTAINS'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export const NUMERIC_FILTER_OPERATORS: readonly FilterOperator[] = ['>', '<', '>=', '<='];
