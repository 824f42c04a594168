/** pt-BR messages shown in more than one place, written once so they cannot drift apart. */
export const messages = {
  sessionExpired: 'Sua sessão expirou. Entre novamente.',
  saved: 'As alterações foram salvas.',
  deleteFailed: 'Erro ao deletar',
  copied: 'Copiado!',
  copyFailed: 'Erro ao copiar',
  apiKeyCopied: 'API Key copiada para a área de transferência.',
  idCopied: 'ID copiado para a área de transferência.',
  copyRefused: 'Não foi possível copiar para a área de transferência.',
  noFilters: 'Nenhum filtro configurado',
  filtersPassed: 'Filtros aprovados',
  subscriptionFiltered: 'Assinatura filtrada',
  applicationsLoadFailed: 'Não foi possível carregar as aplicações',
  noApplicationFound: 'Nenhuma aplicação encontrada',
  applicationUnavailable: 'A aplicação não existe ou você não tem acesso a ela.',
  attemptLimitReached: 'Limite de tentativas atingido',
  applicationNotFound: 'Aplicação não encontrada',
  eventNotFound: 'Evento não encontrado',
  subscriptionNotFound: 'Assinatura não encontrada',
  routeNotFound: 'Rota não encontrada',
  ruleNotFound: 'Regra não encontrada',
  routesLoadFailed: 'Não foi possível carregar as rotas',
  rulesLoadFailed: 'Não foi possível carregar as regras',
  noRouteFound: 'Nenhuma rota encontrada',
  noEventFound: 'Nenhum evento encontrado',
  /** Why a read-only member's 'Reenviar' / 'Tentar Novamente' is disabled. */
  retryForbidden: 'Só quem pode editar a assinatura pode reenviar.',
  /** Where a field's or condition's path starts: the envelope posted to /v1/emit-rules, not its data. */
  fieldPathHint:
    'O caminho parte do envelope enviado a /v1/emit-rules (eventType, applicationId, organizationId, externalEventId, data): os dados enviados ficam em data. Ex.: data.message.text',
} as const;
