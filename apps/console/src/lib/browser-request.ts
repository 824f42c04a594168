/** The test tools' direct requests from the browser time out after 30 s. */
export const BROWSER_TEST_TIMEOUT_MS = 30_000;

export type BrowserRequestResult =
  | { ok: true; status: number; statusText: string; body: string }
  | { ok: false; error: string };

/** fetch refuses header values outside ISO-8859-1 ('Atualização' is fine, 'Pedido 🚀' is not): those go percent-encoded. */
function toHeaderValue(value: string): string {
  for (let index = 0; index < value.length; index++) {
    if (value.charCodeAt(index) > 0xff) return encodeURIComponent(value);
  }
  return value;
}

/**
 * One JSON request sent by the browser itself (not through the API), with a
 * 30 s timeout. Never throws: network, CORS and timeout failures come back as data.
 */
export async function sendBrowserRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<BrowserRequestResult> {
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: {
        'content-type': 'application/json',
        ...Object.fromEntries(
          Object.entries(init.headers).map(([name, value]) => [name, toHeaderValue(value)]),
        ),
      },
      body: init.method === 'GET' || init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(BROWSER_TEST_TIMEOUT_MS),
    });
    return {
      ok: true,
      status: response.status,
      statusText: response.statusText,
      body: await response.text(),
    };
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      ok: false,
      error: isTimeout
        ? 'Tempo esgotado (30 s) sem resposta.'
        : `Falha na requisição: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
