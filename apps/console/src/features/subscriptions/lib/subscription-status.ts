import type { EntityStatus } from '@wm/contracts';

/** 'Assinatura' is feminine; FAILED is set by the delivery engine only, so it is shown, never chosen. */
export const SUBSCRIPTION_STATUS_LABELS: Record<EntityStatus, string> = {
  ACTIVE: 'Ativa',
  INACTIVE: 'Inativa',
  PAUSED: 'Pausada',
  FAILED: 'Falhou',
};

export const CHOOSABLE_SUBSCRIPTION_STATUSES = ['ACTIVE', 'INACTIVE', 'PAUSED'] as const;

/** The statuses a status control offers: the choosable ones, plus FAILED (disabled) while it is current. */
export const subscriptionStatusOptions = (
  current: EntityStatus,
): { value: EntityStatus; label: string; isDisabled?: boolean }[] => [
  ...CHOOSABLE_SUBSCRIPTION_STATUSES.map((value) => ({ value, label: SUBSCRIPTION_STATUS_LABELS[value] })),
  ...(current === 'FAILED'
    ? [{ value: 'FAILED' as const, label: SUBSCRIPTION_STATUS_LABELS.FAILED, isDisabled: true }]
    : []),
];
