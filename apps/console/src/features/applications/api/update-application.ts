import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicationListItem, TUpdateApplicationRequest } from '@wm/contracts';
import { api } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

export const updateApplication = ({ id, input }: { id: string; input: TUpdateApplicationRequest }) =>
  api.put<TApplicationListItem>(`/applications/${id}`, input);

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.applications.all,
        queryKeys.events.all,
        queryKeys.subscriptions.all,
        queryKeys.logs.all,
        queryKeys.eventLogs.all,
        queryKeys.routes.all,
        queryKeys.eventRules.all,
        queryKeys.integration.all,
      ]),
  });
}
