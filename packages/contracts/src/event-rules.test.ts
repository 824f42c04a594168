import { describe, expect, it } from 'vitest';
import './locale';
import {
  RULE_APPLICATION_REQUIRED,
  RULE_CONDITIONS_REQUIRED,
  RULE_FORM_MESSAGE_TITLES,
  RULE_NAME_REQUIRED,
  ZCreateEventRuleRequest,
  ZEventRuleListQuery,
} from './event-rules';
import { ZCreateRouteEventTypeRequest, ZCreateRouteFieldRequest, ZCreateRouteRequest } from './routes';

const APP = '0195f0e0-0000-7000-8000-000000000000';
const ROUTE = '0195f0e0-0000-7000-8000-000000000001';
const TYPE = '0195f0e0-0000-7000-8000-000000000002';

const rule = {
  name: 'Mensagens de suporte',
  applicationId: APP,
  routeId: ROUTE,
  routeEventTypeId: TYPE,
  conditions: {
    type: 'message.text.received',
    rules: [{ field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['  ajuda '] }],
  },
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('rule request', () => {
  it('When optional parts are left out, then the rule is active with AND logic, values trimmed, case-insensitive', () => {
    const parsed = ZCreateEventRuleRequest.parse(rule);
    expect(parsed.isActive).toBe(true);
    expect(parsed.eventId).toBeNull();
    expect(parsed.description).toBeNull();
    expect(parsed.conditions).toEqual({
      type: 'message.text.received',
      logic: 'AND',
      rules: [
        { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['ajuda'], caseSensitive: false },
      ],
    });
  });

  it('When name, application and conditions are missing, then the three form messages come with their titles', () => {
    const found = messages(
      ZCreateEventRuleRequest.safeParse({
        ...rule,
        name: '   ',
        applicationId: '',
        conditions: { rules: [] },
      }),
    );
    expect(found).toEqual([RULE_NAME_REQUIRED, RULE_APPLICATION_REQUIRED, RULE_CONDITIONS_REQUIRED]);
    expect(found.map((message) => RULE_FORM_MESSAGE_TITLES[message])).toEqual([
      'Nome obrigatório',
      'Aplicação obrigatória',
      'Condições obrigatórias',
    ]);
    expect(RULE_NAME_REQUIRED).toBe('Por favor, insira um nome para a regra.');
    expect(RULE_APPLICATION_REQUIRED).toBe('Por favor, selecione uma aplicação.');
    expect(RULE_CONDITIONS_REQUIRED).toBe('Por favor, adicione pelo menos uma condição.');
  });

  it('When a value is blank, the operator unknown or the field not a path, then each condition says which', () => {
    const found = messages(
      ZCreateEventRuleRequest.safeParse({
        ...rule,
        conditions: {
          type: 'x',
          rules: [
            { field: 'data.a', operator: 'EQUALS', values: ['ok', '  '] },
            { field: 'data..a', operator: 'NOPE', values: [] },
          ],
        },
      }),
    );
    expect(found).toEqual([
      'Condição 1: Valor não pode ser vazio',
      'Condição 2: campo inválido (use um caminho como data.message.text)',
      'Condição 2: operador inválido',
      'Condição 2: adicione pelo menos um valor',
    ]);
  });

  it('When a REGEX does not compile or is longer than 1,000 characters, then it is refused', () => {
    const withPattern = (pattern: string) => ({
      ...rule,
      conditions: { type: 'x', rules: [{ field: 'data.a', operator: 'REGEX', values: [pattern] }] },
    });
    expect(messages(ZCreateEventRuleRequest.safeParse(withPattern('(abc')))).toHaveLength(1);
    expect(messages(ZCreateEventRuleRequest.safeParse(withPattern('a'.repeat(1001))))[0]).toBe(
      'Condição 1: A expressão regular deve ter no máximo 1000 caracteres.',
    );
    expect(ZCreateEventRuleRequest.safeParse(withPattern(`^${'a'.repeat(998)}`)).success).toBe(true);
  });

  it('When there is no route event type and no condition type, then the event type is asked for', () => {
    const found = messages(
      ZCreateEventRuleRequest.safeParse({
        ...rule,
        routeEventTypeId: null,
        conditions: { ...rule.conditions, type: '' },
      }),
    );
    expect(found).toEqual(['Por favor, selecione um tipo de evento.']);
  });

  it('When list filters come as query text, then booleans and the page size of 20 are read', () => {
    expect(ZEventRuleListQuery.parse({ isActive: 'false', withoutEvent: 'true' })).toMatchObject({
      page: 1,
      limit: 20,
      isActive: false,
      withoutEvent: true,
    });
    expect(ZEventRuleListQuery.safeParse({ isActive: 'yes' }).success).toBe(false);
  });
});

describe('route requests', () => {
  it('When a route omits method and active, then it is an active POST route; the endpoint must start with /', () => {
    const base = { name: 'Webhook WhatsApp', endpoint: '/whatsapp', applicationId: APP };
    expect(ZCreateRouteRequest.parse(base)).toMatchObject({
      method: 'POST',
      isActive: true,
      description: null,
    });
    expect(messages(ZCreateRouteRequest.safeParse({ ...base, endpoint: 'whatsapp' }))).toEqual([
      'Endpoint deve começar com / e não ter espaços',
    ]);
    expect(messages(ZCreateRouteRequest.safeParse({ ...base, method: 'HEAD' }))).toEqual(['Método inválido']);
    expect(messages(ZCreateRouteRequest.safeParse({ endpoint: '/x' }))).toEqual([
      'Nome é obrigatório',
      'Aplicação é obrigatória',
    ]);
  });

  it('When an event type alias is not dotted lowercase words, then it is refused', () => {
    const base = { name: 'Texto recebido', routeId: ROUTE };
    expect(ZCreateRouteEventTypeRequest.safeParse({ ...base, alias: 'message.text.received' }).success).toBe(
      true,
    );
    for (const alias of ['Message.Text', 'message..text', '.message', 'message text'])
      expect(ZCreateRouteEventTypeRequest.safeParse({ ...base, alias }).success).toBe(false);
  });

  it('When a field path does not parse or the type is unknown, then the field is refused', () => {
    const base = { name: 'Texto', routeId: ROUTE, type: 'string' };
    expect(ZCreateRouteFieldRequest.parse({ ...base, path: 'data.items[0].text' }).path).toBe(
      'data.items[0].text',
    );
    expect(messages(ZCreateRouteFieldRequest.safeParse({ ...base, path: 'data.' }))).toEqual([
      'Caminho inválido: use um caminho JSON como data.message.text',
    ]);
    expect(ZCreateRouteFieldRequest.safeParse({ ...base, type: 'date', path: 'data.a' }).success).toBe(false);
  });
});
