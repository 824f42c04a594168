import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /events/{id}/test-callback: the server sends a signed test report to the event's callback
 * URL now and answers what came back (200 even when the callback failed: `success` says how).
 */
export const testEventCallback = (id: string) => api.post('/events/{id}/test-callback', { params: { id } });

export const useTestEventCallback = () => useMutation({ mutationFn: testEventCallback });
