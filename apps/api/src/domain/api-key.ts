/** Recognisable prefix: `whm_` + 32 random bytes (256 bits) in base64url. */
export const API_KEY_PREFIX = 'whm_';
const API_KEY_PATTERN = /^whm_[\w-]{43}$/;

export const isWellFormedApiKey = (apiKey: string): boolean => API_KEY_PATTERN.test(apiKey);

export const INVALID_API_KEY_MESSAGE = 'Chave de API inválida para esta aplicação';
