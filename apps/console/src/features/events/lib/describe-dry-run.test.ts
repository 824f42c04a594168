import { describe, expect, it } from 'vitest';
import { describeDryRun } from './describe-dry-run';

const subscriptions = [
  { id: 's1', name: 'ERP', filters: [] },
  { id: 's2', name: 'CRM', filters: [{}] },
  { id: 's3', name: 'BI', filters: [{}, {}] },
  { id: 's4', name: 'Legado', filters: [] },
];

describe('processing test outcome', () => {
  it('When the dry run reaches no subscription, then Nenhuma assinatura', () => {
    const answer = { deliveries: 0, ignored: 0, notice: null, subscriptions: [] };
    expect(describeDryRun({ dryRun: true, eventId: 'e', ...answer }, []).title).toBe('Nenhuma assinatura');
  });

  it('When subscriptions would be sent, filtered or skipped, then each gets its own title and the server reason', () => {
    const outcome = describeDryRun(
      {
        dryRun: true,
        eventId: 'e',
        deliveries: 2,
        ignored: 1,
        notice: 'Evento pausado',
        subscriptions: [
          { subscriptionId: 's1', outcome: 'DELIVER', reason: null, failures: [], body: { a: 1 } },
          { subscriptionId: 's2', outcome: 'DELIVER', reason: null, failures: [], body: { a: 1 } },
          {
            subscriptionId: 's3',
            outcome: 'IGNORED',
            reason: '2 filtro(s) falharam',
            failures: [
              { index: 0, reason: 'a' },
              { index: 1, reason: 'b' },
            ],
          },
          { subscriptionId: 's4', outcome: 'SKIPPED', reason: 'Assinatura inativa', failures: [] },
        ],
      },
      subscriptions,
    );
    if (outcome.kind !== 'processed') throw new Error('expected processed');
    expect(outcome.results.map((result) => [result.name, result.title])).toEqual([
      ['ERP', 'Nenhum filtro configurado'],
      ['CRM', 'Filtros aprovados'],
      ['BI', 'Assinatura filtrada'],
      ['Legado', 'Não seria enviado'],
    ]);
    expect(outcome.results[2]?.description).toBe('Evento filtrado: 2 filtro(s) falharam');
    expect(outcome.results[3]?.description).toBe('Assinatura inativa');
    expect(outcome.description).toBe('2 de 4 assinatura(s) receberiam o evento.');
    expect(outcome.notice).toBe('Evento pausado');
  });
});
