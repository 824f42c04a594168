export { decodeWebhookSecret, SIGNATURE_TOLERANCE_SECONDS, WEBHOOK_SECRET_PREFIX } from './protocol';
export { newWebhookSecret, signWebhook } from './sign';
export {
  type SignatureCheck,
  type SignatureCheckOptions,
  type SignatureFailure,
  verifyWebhookSignature,
  type WebhookHeaders,
} from './verify';
