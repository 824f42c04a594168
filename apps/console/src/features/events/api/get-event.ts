import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEventDetail } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getEvent = (id: string, signal?: AbortSignal) =>
  api.get<TEventDetail>(`/events/${id}`, undefined, signal);

export const eventQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.events.detail(id), queryFn: ({ signal }) => getEvent(id, signal) });

export const useEvent = (id: string | undefined) =>
  useQuery({ ...eventQueryOptions(id ?? ''), enabled: Boolean(id) });
