import { MAX_EVENT_LOG_ATTEMPTS, type TEventLog } from '@wm/contracts';

/** With no organizationId in the emit, the log holds the application's id: nothing was sent. */
export const isOrganizationSent = (log: Pick<TEventLog, 'organizationId' | 'applicationId'>) =>
  log.organizationId !== log.applicationId;

/** The HTTP attempts of the occurrence's deliveries; '—' for a rules log, which delivers nothing itself. */
export const deliveryAttemptsText = (log: Pick<TEventLog, 'deliveryAttempts'>) =>
  log.deliveryAttempts === null ? '—' : String(log.deliveryAttempts);

/** Reprocess requests against their limit (n/3). */
export const reprocessesText = (log: Pick<TEventLog, 'retryCount'>) =>
  `${log.retryCount}/${MAX_EVENT_LOG_ATTEMPTS}`;
