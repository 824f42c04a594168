/** A list a schema checks, edited as one item a line in a text box. */
export const toLines = (items: readonly string[] | undefined) => (items ?? []).join('\n');

export const fromLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The first message of a list's errors, the list's own or any item's. */
export function firstListError(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const list = errors as Record<string, unknown>;
  if (typeof list.message === 'string') return list.message;
  const first = Object.values(list).find(
    (item): item is { message: string } =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as { message?: unknown }).message === 'string',
  );
  return first?.message;
}
