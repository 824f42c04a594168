import { describe, expect, it } from 'vitest';
import { describeOperationalEvent, type TOperationalEvent, ZOperationalEvent } from './operational-events';

const subscription = {
  subscriptionId: 'sub-1',
  subscriptionName: 'ERP',
  targetUrl: 'https://erp.example.com/hook',
  eventId: 'evt-1',
  eventName: 'Pedido Pago',
  applicationId: 'app-1',
  applicationName: 'Loja',
};
const base = { id: 'op-1', timestamp: '2026-11-29T12:00:00.000Z', consoleUrl: '/subscriptions/sub-1' };

describe('operational event notices', () => {
  it('When a subscription is disabled by failures in a row, then its notice names it, says why and shows the last error', () => {
    const event = ZOperationalEvent.parse({
      ...base,
      type: 'subscription.disabled',
      data: {
        ...subscription,
        reason: 'CONSECUTIVE_FAILURES',
        lastErrors: [
          { deliveryLogId: 'log-1', at: base.timestamp, httpStatusCode: 503, errorMessage: 'HTTP 503' },
        ],
      },
    });
    expect(describeOperationalEvent(event)).toEqual({
      title: 'Assinatura desativada',
      message:
        'A assinatura "ERP" do evento "Pedido Pago" foi desativada: 20 entregas seguidas falharam. Último erro: HTTP 503. Reative-a quando o destino voltar.',
      link: '/subscriptions/sub-1',
    });
  });

  it("When deliveries fail or a route refuses a sender, then the notice links to the subscription's failed deliveries or to the route", () => {
    const failed: TOperationalEvent = {
      ...base,
      type: 'delivery.failed',
      data: { ...subscription, deliveryLogId: 'log-1', reason: 'timeout' },
    };
    expect(describeOperationalEvent(failed).link).toBe('/logs?subscriptionId=sub-1&status=FAILED');
    const refused: TOperationalEvent = {
      ...base,
      type: 'ingest.verification_failed',
      data: {
        routeId: 'r-1',
        routeName: 'GitHub',
        applicationId: 'app-1',
        applicationName: 'Loja',
        reason: null,
      },
    };
    expect(describeOperationalEvent(refused)).toMatchObject({
      title: 'Remetente recusado na rota',
      message: 'A rota "GitHub" recusou uma requisição que não passou na verificação.',
      link: '/routes/r-1',
    });
  });

  it('When a payload lacks what its type requires, then the schema refuses it', () => {
    expect(
      ZOperationalEvent.safeParse({ ...base, type: 'subscription.disabled', data: subscription }).success,
    ).toBe(false);
  });
});
