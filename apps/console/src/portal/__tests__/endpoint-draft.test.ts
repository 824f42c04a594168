import { ZCreateSubscriptionRequest, ZUpdateSubscriptionRequest } from '@wm/contracts';
import { describe, expect, it } from 'vitest';
import { draftToInput, endpointToDraft, newEndpointDraft } from '../endpoint-form';
import type { PortalSubscription } from '../portal-api';
import { describeSentHeaders } from '../sent-headers';

const EVENT_ID = '0196f4a2-3b1c-7d2e-8f90-123456789abc';

const saved: PortalSubscription = {
  id: 'sub-1',
  name: 'Cobrança',
  targetUrl: 'https://cliente.example/hook',
  status: 'ACTIVE',
  eventId: EVENT_ID,
  event: { alias: 'pedido.pago' },
  circuit: { state: 'CLOSED' },
  authType: 'API_KEY',
  authDetails: { key: 'X-Cliente', value: 'segredo' },
  jsonBody: { pedido: '{{payload.pedido.id}}' },
  filters: [{ origin: 'BODY', field: 'pedido.status', operator: '=', value: 'pago' }],
};

describe('the portal endpoint form', () => {
  it('When a new endpoint gets no name, then it is named after its host and the API accepts it', () => {
    const input = draftToInput(
      {
        ...newEndpointDraft(EVENT_ID),
        targetUrl: 'https://loja.example/webhooks',
        filters: [{ origin: 'BODY', field: 'pedido.status', operator: '=', value: 'pago' }],
      },
      true,
    );
    expect(input).toMatchObject({ name: 'loja.example', authType: 'NONE', authDetails: null });
    expect(ZCreateSubscriptionRequest.safeParse(input).success).toBe(true);
  });

  it('When a saved endpoint is edited unchanged, then the same filters, body and header go back', () => {
    const input = draftToInput(endpointToDraft(saved), true);
    const parsed = ZUpdateSubscriptionRequest.parse(input);
    expect(parsed).toMatchObject({
      filters: saved.filters,
      jsonBody: saved.jsonBody,
      authType: 'API_KEY',
      authDetails: saved.authDetails,
    });
  });

  it('When the body template is emptied on edit, then the request clears it', () => {
    const input = draftToInput({ ...endpointToDraft(saved), jsonBody: '  ' }, true);
    expect(ZUpdateSubscriptionRequest.parse(input).jsonBody).toBeNull();
  });

  it('When the endpoint uses OAuth2 (set through the API), then an edit leaves its credentials alone', () => {
    const oauth = { ...saved, authType: 'OAUTH2_CLIENT_CREDENTIALS' as const, authDetails: null };
    const input = draftToInput(endpointToDraft(oauth), false);
    expect(input).not.toHaveProperty('authType');
    expect(input).not.toHaveProperty('authDetails');
  });
});

describe('the headers a delivery shows', () => {
  it('When the endpoint sends a custom header, then its name shows and its value stays masked', () => {
    const headers = Object.fromEntries(describeSentHeaders('log-1', 'POST', saved, 'por tentativa'));
    expect(headers['webhook-id']).toBe('log-1');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-cliente']).toBeDefined();
    expect(JSON.stringify(headers)).not.toContain('segredo');
  });

  it('When the delivery is a GET, then no body type is listed', () => {
    const headers = Object.fromEntries(describeSentHeaders('log-1', 'GET', undefined, 'por tentativa'));
    expect(headers).not.toHaveProperty('content-type');
  });
});
