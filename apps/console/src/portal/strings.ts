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
    name: 'Nome',
    edit: 'Editar',
    save: 'Salvar',
    cancel: 'Cancelar',
    saved: 'Endpoint atualizado',
    rotate: 'Girar segredo',
    rotated: 'Novo segredo (copie agora, não será mostrado de novo):',
    test: 'Enviar teste',
    testOk: 'Teste entregue: HTTP',
    testFailed: 'Teste falhou:',
    remove: 'Excluir',
    removed: 'Endpoint excluído',
    readOnly: 'Somente leitura',
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
    name: 'Name',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Endpoint updated',
    rotate: 'Rotate secret',
    rotated: 'New secret (copy it now, it will not be shown again):',
    test: 'Send test',
    testOk: 'Test delivered: HTTP',
    testFailed: 'Test failed:',
    remove: 'Delete',
    removed: 'Endpoint deleted',
    readOnly: 'Read-only',
    status: {
      SUCCESS: 'Success',
      FAILED: 'Failed',
      PENDING: 'Pending',
      RETRYING: 'Retrying',
      IGNORED: 'Ignored',
    },
  },
} as const;

/** The words of one language, with the pt-BR catalogue's keys (each language has them all). */
export type Strings = {
  [Key in keyof (typeof STRINGS)['pt-BR']]: (typeof STRINGS)['pt-BR'][Key] extends string
    ? string
    : Record<string, string>;
};

export const pickStrings = (language: string): Strings =>
  /^en\b/i.test(language) ? STRINGS.en : STRINGS['pt-BR'];
