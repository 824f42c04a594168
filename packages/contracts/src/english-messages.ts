import { MAX_IN_FLIGHT_LABEL, RATE_LIMIT_LABEL } from './subscriptions';

/**
 * English for the pt-BR messages a consumer meets in the portal: the API's refusals (schema
 * messages, use cases, the error handler) and the attempt errors of its deliveries. Keyed by the
 * pt-BR text, so the schemas and use cases keep one language and the portal API and the portal
 * page translate through this one catalogue. A text not listed here is answered as it is.
 */
const EXACT: Record<string, string> = {
  // Schemas (packages/contracts): fields of a subscription and of the lists.
  'Nome é obrigatório': 'Name is required',
  'Nome deve ter no máximo 255 caracteres': 'Name must have at most 255 characters',
  'URL é obrigatória': 'URL is required',
  'URL muito longa': 'URL is too long',
  'URL deve começar com http:// ou https://': 'URL must start with http:// or https://',
  'URL inválida': 'Invalid URL',
  'Evento é obrigatório': 'Event is required',
  'Evento inválido': 'Invalid event',
  'Aplicação inválida': 'Invalid application',
  'Assinatura inválida': 'Invalid subscription',
  'Ocorrência inválida': 'Invalid occurrence',
  'Identificador inválido': 'Invalid identifier',
  'Consumidor inválido': 'Invalid consumer',
  'Status inválido': 'Invalid status',
  'Método HTTP inválido': 'Invalid HTTP method',
  'Tipo de autenticação inválido': 'Invalid authentication type',
  'Comportamento em falha FIFO inválido (CONTINUE ou HOLD)':
    'Invalid FIFO failure behaviour (CONTINUE or HOLD)',
  'Máximo de 50 filtros': 'At most 50 filters',
  'Filtros devem ser uma lista': 'Filters must be a list',
  'Filtro inválido': 'Invalid filter',
  'Campo é obrigatório': 'Field is required',
  'Valor é obrigatório': 'Value is required',
  'Operador é obrigatório': 'Operator is required',
  'Operador inválido': 'Invalid operator',
  'Valor deve ser numérico para este operador': 'Value must be numeric for this operator',
  'Origem é obrigatória': 'Origin is required',
  'Origem inválida': 'Invalid origin',
  'JSON Body é obrigatório': 'JSON body is required',
  'JSON Body deve ser um JSON válido': 'JSON body must be valid JSON',
  'O JSON Body deve ser um JSON válido.': 'The JSON body must be valid JSON.',
  'O template do body deve ser um JSON válido.': 'The body template must be valid JSON.',
  'Página inválida': 'Invalid page',
  'Limite inválido': 'Invalid limit',
  'Limite máximo é 100': 'The maximum limit is 100',
  'Data inválida': 'Invalid date',
  'Valor inválido': 'Invalid value',
  'Valor muito longo': 'Value is too long',
  'Não pode conter quebras de linha': 'Must not contain line breaks',
  'Este cabeçalho é reservado (conexão HTTP ou assinatura do webhook); use outro nome':
    'This header is reserved (HTTP connection or webhook signature); use another name',
  'Usuário é obrigatório': 'Username is required',
  'Senha é obrigatória': 'Password is required',
  'Token é obrigatório': 'Token is required',
  'Chave é obrigatória': 'Key is required',
  'Chave deve ser um nome de cabeçalho HTTP válido': 'Key must be a valid HTTP header name',
  'Detalhes de autenticação inválidos': 'Invalid authentication details',
  'URL do token é obrigatória': 'Token URL is required',
  'URL do token deve começar com http:// ou https://': 'Token URL must start with http:// or https://',
  'URL do token inválida': 'Invalid token URL',
  'Client ID é obrigatório': 'Client ID is required',
  'Client secret é obrigatório': 'Client secret is required',
  'Método de autenticação do token inválido': 'Invalid token authentication method',
  'Certificado do cliente é obrigatório': 'Client certificate is required',
  'Chave privada é obrigatória': 'Private key is required',
  'Senha da chave inválida': 'Invalid key passphrase',
  'Senha da chave muito longa': 'Key passphrase is too long',
  'Certificado do cliente inválido: não foi possível ler o PEM':
    'Invalid client certificate: the PEM could not be read',
  'Chave privada inválida ou senha da chave incorreta': 'Invalid private key or wrong key passphrase',
  'A chave privada não corresponde ao certificado do cliente':
    'The private key does not match the client certificate',
  'Bundle de CA inválido: não foi possível ler os certificados':
    'Invalid CA bundle: the certificates could not be read',
  'Campo obrigatório': 'Required field',
  'Formato inválido': 'Invalid format',
  'Dados inválidos': 'Invalid data',
  Inválido: 'Invalid',
  // Use cases and the error handler (apps/api).
  'O destino aponta para um endereço privado ou reservado; use um endereço público':
    'The target points to a private or reserved address; use a public address',
  'A assinatura está inativa ou desativada: ative-a antes de reenviar':
    'The subscription is inactive or disabled: enable it before resending',
  'Apenas entregas com falha (FAILED) podem ser reenviadas': 'Only failed (FAILED) deliveries can be resent',
  'Assinatura não encontrada': 'Subscription not found',
  'Evento não encontrado': 'Event not found',
  'Log não encontrado': 'Log not found',
  'Acesso negado': 'Access denied',
  'JSON inválido no corpo da requisição': 'Invalid JSON in the request body',
  'Requisição inválida': 'Invalid request',
  'Corpo da requisição muito grande': 'Request body too large',
  'Tipo de conteúdo não suportado; use application/json': 'Unsupported content type; use application/json',
  'Muitas requisições; tente novamente mais tarde': 'Too many requests; try again later',
  'O texto contém caracteres não suportados (\\u0000 ou um caractere UTF-16 incompleto)':
    'The text contains unsupported characters (\\u0000 or an incomplete UTF-16 character)',
  'Destino bloqueado: endereço privado ou reservado': 'Target blocked: private or reserved address',
  'erro desconhecido': 'unknown error',
};

const LABELS: Record<string, string> = {
  [RATE_LIMIT_LABEL]: 'Sends per second limit',
  [MAX_IN_FLIGHT_LABEL]: 'Concurrent sends limit',
  'Certificado do cliente': 'Client certificate',
  'Chave privada': 'Private key',
  'Bundle de CA': 'CA bundle',
};

const TYPES: Record<string, string> = {
  'um texto': 'a string',
  'um número': 'a number',
  'um número inteiro': 'an integer',
  'um booleano (true ou false)': 'a boolean (true or false)',
  'um objeto': 'an object',
  'uma lista': 'a list',
  'uma data': 'a date',
  nulo: 'null',
  vazio: 'empty',
  'um número inválido': 'an invalid number',
};
const UNITS: Record<string, string> = { caracteres: 'characters', itens: 'items', bytes: 'bytes' };
const BOUNDS: Record<string, string> = {
  'no mínimo': 'at least',
  'mais que': 'more than',
  'no máximo': 'at most',
  'menos que': 'less than',
};
const word = (table: Record<string, string>, text: string) => table[text] ?? text;

/** Messages with a variable part: a pt-BR pattern and how its parts read in English. */
const PATTERNS: [RegExp, (...parts: string[]) => string][] = [
  [/^Filtro (\d+): (.+)$/, (n, rest) => `Filter ${n}: ${toEnglish(rest)}`],
  [/^(.+) deve ser um número$/, (label) => `${word(LABELS, label)} must be a number`],
  [/^(.+) deve ser um número inteiro$/, (label) => `${word(LABELS, label)} must be an integer`],
  [/^(.+) deve ser no mínimo (.+)$/, (label, n) => `${word(LABELS, label)} must be at least ${n}`],
  [
    /^(.+) deve ser no máximo (.+)$/,
    (label, n) => `${word(LABELS, label)} must be at most ${n.replaceAll('.', ',')}`,
  ],
  [
    /^Valor inválido: esperado (.+), recebido (.+)$/,
    (a, b) => `Invalid value: expected ${word(TYPES, a)}, got ${word(TYPES, b)}`,
  ],
  [/^Valor inválido: esperado (.+)$/, (value) => `Invalid value: expected ${value}`],
  [/^Opção inválida: use uma destas: (.+)$/, (values) => `Invalid option: use one of: ${values}`],
  [
    /^Muito curto: deve ter (no mínimo|mais que) (\S+) (\S+)$/,
    (b, n, u) => `Too short: must have ${word(BOUNDS, b)} ${n} ${word(UNITS, u)}`,
  ],
  [
    /^Muito longo: deve ter (no máximo|menos que) (\S+) (\S+)$/,
    (b, n, u) => `Too long: must have ${word(BOUNDS, b)} ${n} ${word(UNITS, u)}`,
  ],
  [
    /^Valor muito pequeno: deve ser (no mínimo|mais que) (.+)$/,
    (b, n) => `Value too small: must be ${word(BOUNDS, b)} ${n}`,
  ],
  [
    /^Valor muito grande: deve ser (no máximo|menos que) (.+)$/,
    (b, n) => `Value too large: must be ${word(BOUNDS, b)} ${n}`,
  ],
  [/^Campos? não reconhecidos?: (.+)$/, (keys) => `Unrecognized field(s): ${keys}`],
  [/^(.+) deve ser um texto PEM$/, (label) => `${word(LABELS, label)} must be PEM text`],
  [/^(.+) deve estar no formato PEM$/, (label) => `${word(LABELS, label)} must be in PEM format`],
  [
    /^(.+) muito longo \(máximo (\d+) KB\)$/,
    (label, kb) => `${word(LABELS, label)} is too long (at most ${kb} KB)`,
  ],
  [/^Certificado do cliente expirado em (.+)$/, (date) => `Client certificate expired on ${date}`],
  [/^Rota não encontrada: (.+)$/, (route) => `Route not found: ${route}`],
  // Attempt errors of a delivery (apps/api/src/delivery/sender.ts) and of the queued path.
  [/^Resposta HTTP (\d+)$/, (status) => `HTTP response ${status}`],
  [/^Redirecionamento não seguido \(HTTP (\d+)\)$/, (status) => `Redirect not followed (HTTP ${status})`],
  [/^Tempo limite excedido \((\d+) ms\)$/, (ms) => `Timed out (${ms} ms)`],
  [/^Falha de TLS: (.+)$/, (code) => `TLS failure: ${code}`],
  [/^Falha de DNS: host não encontrado \((.+)\)$/, (code) => `DNS failure: host not found (${code})`],
  [/^Falha de conexão: (.+)$/, (code) => `Connection failure: ${code}`],
  [/^Falha na requisição: (.+)$/, (reason) => `Request failed: ${toEnglish(reason)}`],
  [/^Erro no processamento: (.+)$/, (reason) => `Processing error: ${toEnglish(reason)}`],
];

/** The English of a pt-BR message of the API, or the message itself when the catalogue lacks it. */
export function toEnglish(message: string): string {
  const exact = EXACT[message];
  if (exact !== undefined) return exact;
  for (const [pattern, render] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return render(...match.slice(1));
  }
  return message;
}
