/**
 * Whether a PUT body carried `key` (null included, which clears). Absent keys keep the stored value;
 * the HTTP layer removes every key the client did not send, whatever the schema filled in.
 */
export function isSent<T extends object>(input: T, key: keyof T & string): boolean {
  return Object.hasOwn(input, key) && (input as Record<string, unknown>)[key] !== undefined;
}
