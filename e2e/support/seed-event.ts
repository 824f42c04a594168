import type { Api } from './api';

type Fields = Record<string, unknown>;

/**
 * An application, one event of it and the event's subscriptions, made through the API: the fields
 * given are sent as they are, and the ids that tie the three together are filled in.
 */
export async function seedSubscribedEvent(
  api: Api,
  input: { application: Fields; event: Fields; subscriptions?: Fields[] },
) {
  const application = await api.post<{ id: string; apiKey: string }>('/applications', input.application);
  const event = await api.post<{ id: string; alias: string }>('/events', {
    applicationId: application.id,
    ...input.event,
  });
  const subscriptions: Array<{ id: string; name: string }> = [];
  for (const subscription of input.subscriptions ?? []) {
    subscriptions.push(await api.post('/subscriptions', { eventId: event.id, ...subscription }));
  }
  return { application, event, subscriptions };
}
