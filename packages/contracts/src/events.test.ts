import { describe, expect, it } from 'vitest';
import { eventFormToRequest, ZCreateEventRequest, ZEventForm } from './events';

const APP = '0195f0e0-0000-7000-8000-000000000000';
const form = {
  applicationId: APP,
  name: 'Pedido',
  alias: 'order.created',
  visibility: 'PUBLIC' as const,
  queueType: 'IMMEDIATE' as const,
  enableCallbacks: false,
  callbackUrl: '',
  callbackAuthType: 'NONE' as const,
  callbackAuthDetails: {},
  bodyTemplate: '{"body": "{{payload.body}}"}',
  delayBetweenSends: 1000,
  messageTtl: 3_600_000,
  maxRetries: 3,
  priority: 5,
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('event form', () => {
  it('When the form is IMMEDIATE, then the payload omits queue settings and empty callback fields', () => {
    const parsed = ZEventForm.parse(form);
    const request = eventFormToRequest(parsed);
    expect(request).toEqual({
      applicationId: APP,
      name: 'Pedido',
      alias: 'order.created',
      visibility: 'PUBLIC',
      queueType: 'IMMEDIATE',
      enableCallbacks: false,
      callbackAuthType: 'NONE',
      bodyTemplate: { body: '{{payload.body}}' },
      // Always sent: an emptied editor clears the schema on an update.
      schema: null,
      examples: [],
      schemaValidation: 'OFF',
    });
    expect(ZCreateEventRequest.safeParse(request).success).toBe(true);
  });

  it('When the form holds a schema, examples and a mode, then the request carries them parsed', () => {
    const request = eventFormToRequest(
      ZEventForm.parse({
        ...form,
        schema: '{"type": "object", "required": ["id"]}',
        examples: '[{"id": "o-1"}]',
        schemaValidation: 'ENFORCE',
      }),
    );
    expect(request).toMatchObject({
      schema: { type: 'object', required: ['id'] },
      examples: [{ id: 'o-1' }],
      schemaValidation: 'ENFORCE',
    });
    expect(ZCreateEventRequest.safeParse(request).success).toBe(true);
  });

  it('When the schema text is not a JSON object, the examples not a list, or a mode has no schema, then the pt-BR message of each', () => {
    expect(messages(ZEventForm.safeParse({ ...form, schema: '[1]' }))).toEqual([
      'O schema deve ser um objeto JSON válido.',
    ]);
    expect(messages(ZEventForm.safeParse({ ...form, schema: '{}', examples: '{"id": 1}' }))).toEqual([
      'Os exemplos devem ser uma lista JSON de payloads.',
    ]);
    expect(messages(ZEventForm.safeParse({ ...form, schemaValidation: 'WARN' }))).toEqual([
      'Defina um schema para validar os payloads.',
    ]);
  });

  it('When the form is RABBITMQ with callbacks and auth, then the payload carries settings and only that type’s details', () => {
    const request = eventFormToRequest(
      ZEventForm.parse({
        ...form,
        queueType: 'RABBITMQ',
        enableCallbacks: true,
        callbackUrl: 'https://e.com/cb',
        callbackAuthType: 'BASIC',
        callbackAuthDetails: { username: 'u', password: 'p', token: 'stale' },
        bodyTemplate: '',
      }),
    );
    expect(request).toMatchObject({
      callbackUrl: 'https://e.com/cb',
      callbackAuthDetails: { username: 'u', password: 'p' },
      delayBetweenSends: 1000,
      messageTtl: 3_600_000,
      maxRetries: 3,
      priority: 5,
    });
    expect(request).not.toHaveProperty('bodyTemplate');
    expect(ZCreateEventRequest.safeParse(request).success).toBe(true);
  });

  it('When the form breaks rules, then it reports the pt-BR message of each rule', () => {
    expect(messages(ZEventForm.safeParse({ ...form, bodyTemplate: '{oops' }))).toEqual([
      'O template do body deve ser um JSON válido.',
    ]);
    expect(
      messages(ZEventForm.safeParse({ ...form, enableCallbacks: true, callbackAuthType: 'BEARER' })),
    ).toEqual(['URL é obrigatória', 'Token é obrigatório']);
    expect(
      messages(
        ZEventForm.safeParse({ ...form, queueType: 'RABBITMQ', delayBetweenSends: 50, priority: Number.NaN }),
      ),
    ).toEqual(['Mínimo 100ms', 'Prioridade é obrigatória']);
    expect(messages(ZEventForm.safeParse({ ...form, alias: 'Não Pode' }))).toEqual([
      'Alias deve conter apenas letras minúsculas, números, pontos, hífens e underscores',
    ]);
  });

  it('When a queue setting is out of range, then RABBITMQ refuses it with its message, and IMMEDIATE ignores the hidden value', () => {
    expect(messages(ZEventForm.safeParse({ ...form, queueType: 'RABBITMQ', priority: 20 }))).toEqual([
      'Máximo 10',
    ]);
    expect(messages(ZEventForm.safeParse({ ...form, queueType: 'RABBITMQ', delayBetweenSends: 5 }))).toEqual([
      'Mínimo 100ms',
    ]);
    expect(messages(ZEventForm.safeParse({ ...form, queueType: 'RABBITMQ', priority: Number.NaN }))).toEqual([
      'Prioridade é obrigatória',
    ]);
    const immediate = ZEventForm.safeParse({ ...form, queueType: 'IMMEDIATE', priority: 20, messageTtl: 1 });
    expect(immediate.success).toBe(true);
    expect(eventFormToRequest(ZEventForm.parse({ ...form, priority: 20 }))).not.toHaveProperty('priority');
  });
});
