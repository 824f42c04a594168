/** A stored body template as a form's text: pretty JSON, or empty when there is none. */
export const toJsonBodyText = (jsonBody: unknown): string =>
  jsonBody === null || jsonBody === undefined ? '' : JSON.stringify(jsonBody, null, 2);
