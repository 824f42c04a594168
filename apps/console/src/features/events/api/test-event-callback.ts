import { useMutation } from '@tanstack/react-query';
import type { TCallbackTestResult } from '@wm/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /events/{id}/test-callback: the server sends a signed test report to the event's callback
 * URL now and answers what came back (200 even when the callback failed: `success` says how).
 */
export const testEventCallback = (id: string) => api.post<TCallbackTestResult>(`/events/${id}/test-callback`);

export const useTestEventCallback = () => useMutation({ mutationFn: testEventCallback });
