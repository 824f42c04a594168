import { describe, expect, it } from 'vitest';
import { MASKED_PROXY_PASSWORD, ZOutboundProxy } from './applications';

const messagesOf = (url: string) => {
  const parsed = ZOutboundProxy.safeParse({ url });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('ZOutboundProxy', () => {
  it('When the password has escapes or is the mask, then the proxy is accepted', () => {
    expect(messagesOf('http://operador:p%40ss@proxy.exemplo.com:3128')).toEqual([]);
    expect(messagesOf(`http://operador:${MASKED_PROXY_PASSWORD}@proxy.exemplo.com:3128/`)).toEqual([]);
  });

  it('When the user or password holds a stray %, then it is refused in pt-BR instead of failing later', () => {
    const refused = 'Usuário ou senha do proxy inválidos: escreva % como %25 (ex.: %40 para @)';
    expect(messagesOf('http://operador:100%@proxy.exemplo.com:3128')).toEqual([refused]);
    expect(messagesOf('http://%zz:senha@proxy.exemplo.com:3128')).toEqual([refused]);
  });

  it('When the URL has a path, then only the URL message is given', () => {
    expect(messagesOf('http://proxy.exemplo.com:3128/caminho')).toEqual([
      'URL do proxy inválida: use http:// ou https://, host e porta, sem caminho',
    ]);
  });
});
