export {
  type ApiError,
  type ApiResult,
  type ClientOptions,
  createClient,
  type paths,
  type WebhookManagerClient,
} from './client';
export {
  DEFAULT_TOLERANCE_SECONDS,
  type VerifiedWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookErrorCode,
  type WebhookHeaders,
  WebhookVerificationError,
} from './verify-webhook';
