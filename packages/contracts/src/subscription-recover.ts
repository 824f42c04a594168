import { z } from 'zod';

// Year 0000 is valid ISO 8601 but not a date PostgreSQL can hold.
const instant = (required: string) =>
  z.iso
    .datetime({ offset: true, error: (issue) => (issue.input === undefined ? required : 'Data inválida') })
    .refine((value) => !value.startsWith('0000'), { error: 'Data inválida' });

/**
 * Body of POST /subscriptions/{id}/recover: the window [since, until) whose failed deliveries, and
 * occurrences skipped while the subscription was disabled, are sent again; until defaults to now.
 */
export const ZRecoverSubscriptionRequest = z
  .object({
    since: instant('Informe desde quando recuperar'),
    until: instant('Informe até quando recuperar').optional(),
  })
  .refine((window) => window.until === undefined || Date.parse(window.until) > Date.parse(window.since), {
    error: 'O fim deve ser posterior ao início',
    path: ['until'],
  });
export type TRecoverSubscriptionRequest = z.infer<typeof ZRecoverSubscriptionRequest>;

/** How many deliveries this recover queued, and how many of the window an earlier one already took. */
export const ZRecoverSubscriptionResponse = z
  .object({
    data: z.object({ queued: z.number().int(), alreadyRecovered: z.number().int() }),
  })
  .meta({ id: 'RecoverSubscriptionAnswer' });
export type TRecoverSubscriptionResponse = z.infer<typeof ZRecoverSubscriptionResponse>;

/** The refusal of a window that starts before the logs still kept. */
export const recoverBeyondRetentionMessage = (days: number) =>
  `Só é possível recuperar dentro do período de retenção: no máximo ${days} ${days === 1 ? 'dia' : 'dias'} atrás`;

export const RECOVER_DISABLED_MESSAGE =
  'A assinatura está inativa ou desativada: reative-a antes de recuperar as falhas';
