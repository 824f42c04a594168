import './locale';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toEnglish } from './english-messages';
import { ZDeliveryLogListQuery } from './logs';
import {
  ZCreateSubscriptionRequest,
  ZSubscriptionListQuery,
  ZUpdateSubscriptionRequest,
} from './subscriptions';

describe('toEnglish', () => {
  it('When a subscription body fails its schema, then each pt-BR message has its English', () => {
    const parsed = ZCreateSubscriptionRequest.safeParse({
      name: '',
      targetUrl: 'ftp://x',
      eventId: 'nao-uuid',
      jsonBody: '{',
      filters: [{ origin: 'BODY', field: '', operator: '>', value: 'abc' }],
      rateLimitPerSecond: 20_000,
    });
    expect(parsed.success).toBe(false);
    const messages = (parsed.error?.issues ?? []).map((issue) => issue.message);
    expect(messages.length).toBeGreaterThan(3);
    for (const message of messages) expect(toEnglish(message)).not.toBe(message);
    expect(messages.map(toEnglish)).toContain('Filter 1: Field is required');
    expect(messages.map(toEnglish)).toContain('Sends per second limit must be at most 10,000');
  });

  it('When an attempt failed, then its known prefixes read in English and unknown texts stay', () => {
    expect(toEnglish('Resposta HTTP 500')).toBe('HTTP response 500');
    expect(toEnglish('Falha de conexão: ECONNREFUSED')).toBe('Connection failure: ECONNREFUSED');
    expect(toEnglish('Tempo limite excedido (400 ms)')).toBe('Timed out (400 ms)');
    expect(toEnglish('Falha de DNS: host não encontrado (ENOTFOUND)')).toBe(
      'DNS failure: host not found (ENOTFOUND)',
    );
    expect(toEnglish('Falha na requisição: erro desconhecido')).toBe('Request failed: unknown error');
    expect(toEnglish('algo que o catálogo não conhece')).toBe('algo que o catálogo não conhece');
  });

  it('When zod answers in its own words, then the generic messages read in English', () => {
    expect(toEnglish('Valor inválido: esperado um texto, recebido um número')).toBe(
      'Invalid value: expected a string, got a number',
    );
    expect(toEnglish('Muito longo: deve ter no máximo 255 caracteres')).toBe(
      'Too long: must have at most 255 characters',
    );
    expect(toEnglish('Campo não reconhecido: foo')).toBe('Unrecognized field(s): foo');
  });

  it('When any body or query of the portal fails its schema, then the catalogue has English for its messages', () => {
    const schemas = [
      ZCreateSubscriptionRequest,
      ZUpdateSubscriptionRequest,
      ZSubscriptionListQuery,
      ZDeliveryLogListQuery,
    ];
    const fields = [
      'name',
      'targetUrl',
      'eventId',
      'jsonBody',
      'filters',
      'authType',
      'authDetails',
      'status',
      'httpMethod',
      'rateLimitPerSecond',
      'maxInFlight',
      'clientTls',
      'fifoOnFailure',
      'page',
      'limit',
      'search',
      'subscriptionId',
      'from',
      'to',
    ];
    const filter = fc.dictionary(
      fc.constantFrom('origin', 'field', 'operator', 'value'),
      fc.oneof(fc.string(), fc.constantFrom('>', 'BODY', '', 'x')),
    );
    const value = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.integer(),
      fc.constantFrom('', 'ftp://x', null, 20_000),
      fc.array(filter),
      fc.record({ certificate: fc.string(), privateKey: fc.anything(), caBundle: fc.string() }),
    );
    const untranslated = new Set<string>();
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...fields), value), (body) => {
        for (const schema of schemas) {
          const parsed = schema.safeParse(body);
          for (const issue of parsed.error?.issues ?? []) {
            if (toEnglish(issue.message) === issue.message) untranslated.add(issue.message);
          }
        }
      }),
      { numRuns: 2000, seed: 35 },
    );
    expect([...untranslated]).toEqual([]);
  });
});
