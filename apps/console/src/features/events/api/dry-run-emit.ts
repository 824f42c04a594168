import { useMutation } from '@tanstack/react-query';
import type { TEmitDryRunAnswer } from '@wm/contracts';
import { api } from '@/lib/api-client';

export type DryRunEmitInput = {
  applicationId: string;
  eventType: string;
  data: unknown;
  /** The emit's request headers, as the subscriptions' header filters read them. */
  headers: Record<string, string>;
};

/**
 * POST /events/emit with `dryRun: true`: what an emit would do to each subscription of the event,
 * as the server plans it; nothing is stored or sent.
 */
export async function dryRunEmit({ headers, ...body }: DryRunEmitInput): Promise<TEmitDryRunAnswer> {
  const answer = await api.post('/events/emit', { body: { ...body, dryRun: true }, headers });
  if (!('dryRun' in answer)) throw new Error('The emit was not a dry run');
  return answer;
}

export const useDryRunEmit = () => useMutation({ mutationFn: dryRunEmit });
