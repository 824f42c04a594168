/** pt-BR messages shown in more than one place, written once so they cannot drift apart. */
export const messages = {
  saved: 'As alterações foram salvas.',
  deleteFailed: 'Erro ao deletar',
  copied: 'Copiado!',
  copyFailed: 'Erro ao copiar',
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
} as const;
