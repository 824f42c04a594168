import { describe, expect, it } from 'vitest';
import {
  subscriptionFormToRequest,
  ZCreateSubscriptionForm,
  ZCreateSubscriptionRequest,
  ZUpdateSubscriptionForm,
} from './subscriptions';

const EVENT = '0195f0e0-0000-7000-8000-000000000000';
const form = {
  eventId: EVENT,
  name: 'ERP',
  targetUrl: 'https://erp.example.com/hook',
  httpMethod: 'POST' as const,
  authType: 'NONE' as const,
  authDetails: {},
  jsonBody: '{"id": "#eventId#"}',
  filters: [] as { origin: string; field: string; operator: string; value: string }[],
  rateLimitPerSecond: '',
  maxInFlight: '',
  fifoOnFailure: 'CONTINUE' as const,
};

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('subscription form', () => {
  it('When the form is valid, then the payload is the shape the API accepts', () => {
    const request = subscriptionFormToRequest(
      ZCreateSubscriptionForm.parse({
        ...form,
        authType: 'BEARER',
        authDetails: { token: 't', username: 'stale' },
        filters: [{ origin: 'BODY', field: 'total', operator: '>', value: '10' }],
      }),
    );
    expect(request).toEqual({
      eventId: EVENT,
      name: 'ERP',
      targetUrl: 'https://erp.example.com/hook',
      httpMethod: 'POST',
      authType: 'BEARER',
      authDetails: { token: 't' },
      jsonBody: { id: '#eventId#' },
      filters: [{ origin: 'BODY', field: 'total', operator: '>', value: '10' }],
      rateLimitPerSecond: null,
      maxInFlight: null,
      fifoOnFailure: 'CONTINUE',
    });
    expect(ZCreateSubscriptionRequest.safeParse(request).success).toBe(true);
  });

  it('When delivery limits are typed, then empty is none, numbers go as numbers and bad text gets its pt-BR message', () => {
    const limited = ZCreateSubscriptionForm.parse({ ...form, rateLimitPerSecond: ' 25 ', maxInFlight: '4' });
    expect(subscriptionFormToRequest(limited)).toMatchObject({ rateLimitPerSecond: 25, maxInFlight: 4 });
    expect(
      messages(ZCreateSubscriptionForm.safeParse({ ...form, rateLimitPerSecond: '0', maxInFlight: 'dez' })),
    ).toEqual([
      'Limite de envios por segundo deve ser no mínimo 1',
      'Máximo de envios simultâneos deve ser um número',
    ]);
    expect(
      messages(
        ZUpdateSubscriptionForm.safeParse({ ...form, rateLimitPerSecond: '2.5', maxInFlight: '1001' }),
      ),
    ).toEqual([
      'Limite de envios por segundo deve ser um número inteiro',
      'Máximo de envios simultâneos deve ser no máximo 1.000',
    ]);
  });

  it('When the JSON body is empty or invalid, then create and edit give their own messages', () => {
    expect(messages(ZCreateSubscriptionForm.safeParse({ ...form, jsonBody: '' }))).toEqual([
      'JSON Body é obrigatório',
    ]);
    expect(messages(ZCreateSubscriptionForm.safeParse({ ...form, jsonBody: '{x' }))).toEqual([
      'JSON Body deve ser um JSON válido',
    ]);
    expect(ZUpdateSubscriptionForm.safeParse({ ...form, jsonBody: '' }).success).toBe(true);
    expect(messages(ZUpdateSubscriptionForm.safeParse({ ...form, jsonBody: '{x' }))).toEqual([
      'O JSON Body deve ser um JSON válido.',
    ]);
  });

  it('When filters are incomplete or not numeric, then each gets a numbered message', () => {
    const result = ZCreateSubscriptionForm.safeParse({
      ...form,
      filters: [
        { origin: 'BODY', field: '', operator: '=', value: 'a' },
        { origin: 'HEADER', field: 'x', operator: '>=', value: '0x10' },
        { origin: '', field: 'y', operator: '', value: '' },
      ],
    });
    expect(messages(result)).toEqual([
      'Filtro 1: Campo é obrigatório',
      'Filtro 2: Valor deve ser numérico para este operador',
      'Filtro 3: Valor é obrigatório',
      'Filtro 3: Operador é obrigatório',
      'Filtro 3: Origem é obrigatória',
    ]);
  });
});
