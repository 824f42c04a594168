/** The test cards' inputs: a JSON body and optional JSON headers (an object of strings). */
export type TestInput = { body: unknown; headers: Record<string, string> };

export function parseTestInput(bodyText: string, headersText: string): TestInput | null {
  try {
    const body = bodyText.trim() === '' ? {} : JSON.parse(bodyText);
    const rawHeaders = headersText.trim() === '' ? {} : JSON.parse(headersText);
    if (typeof rawHeaders !== 'object' || rawHeaders === null || Array.isArray(rawHeaders)) return null;
    const headers = Object.fromEntries(
      Object.entries(rawHeaders as Record<string, unknown>).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
    return { body, headers };
  } catch {
    return null;
  }
}

/** The test cards' outcome when the data or headers are not valid JSON. */
export const INVALID_TEST_DATA = {
  kind: 'invalid-data',
  title: 'Dados inválidos',
  description: 'Os dados de teste devem ser um JSON válido.',
} as const;

/** The outcome line of a subscription whose filters rejected the test data. */
export const filteredDescription = (count: number) => `Evento filtrado: ${count} filtro(s) falharam`;
