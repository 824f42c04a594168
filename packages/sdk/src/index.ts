export {
  DEFAULT_TOLERANCE_SECONDS,
  type VerifiedWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookErrorCode,
  type WebhookHeaders,
  WebhookVerificationError,
} from './verify-webhook';
