/** The portal's words, in both of its languages: one catalogue. */
export const STRINGS = {
  'pt-BR': {
    title: 'Seus webhooks',
    endpoints: 'Endpoints',
    noEndpoints: 'Nenhum endpoint ainda.',
    newEndpoint: 'Novo endpoint',
    url: 'URL',
    event: 'Evento',
    create: 'Criar endpoint',
    created: 'Endpoint criado',
    logs: 'Entregas',
    noLogs: 'Nenhuma entrega ainda.',
    resend: 'Reenviar',
    resent: 'Reenvio iniciado',
    refresh: 'Atualizar',
    noToken: 'Abra o portal pelo link que você recebeu.',
    status: {
      SUCCESS: 'Sucesso',
      FAILED: 'Falhou',
      PENDING: 'Pendente',
      RETRYING: 'Tentando',
      IGNORED: 'Ignorado',
    },
  },
  en: {
    title: 'Your webhooks',
    endpoints: 'Endpoints',
    noEndpoints: 'No endpoints yet.',
    newEndpoint: 'New endpoint',
    url: 'URL',
    event: 'Event',
    create: 'Create endpoint',
    created: 'Endpoint created',
    logs: 'Deliveries',
    noLogs: 'No deliveries yet.',
    resend: 'Resend',
    resent: 'Resend started',
    refresh: 'Refresh',
    noToken: 'Open the portal through the link you were given.',
    status: {
      SUCCESS: 'Success',
      FAILED: 'Failed',
      PENDING: 'Pending',
      RETRYING: 'Retrying',
      IGNORED: 'Ignored',
    },
  },
} as const;

export type Strings = (typeof STRINGS)[keyof typeof STRINGS];

export const pickStrings = (language: string): Strings =>
  /^en\b/i.test(language) ? STRINGS.en : STRINGS['pt-BR'];
