// TEMPORARY stub by the delivery branch until the rules branch lands (take theirs on merge).
type Filter = { origin: string; field: string; operator: string; value: string };
type Input = { headers: Record<string, unknown>; body: unknown };

const pick = (source: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      source,
    );

export function evaluateFilters(filters: Filter[], input: Input) {
  const failures: Filter[] = [];
  for (const filter of filters ?? []) {
    const source = filter.origin === 'HEADER' ? input.headers : input.body;
    const actual = pick(source, filter.origin === 'HEADER' ? filter.field.toLowerCase() : filter.field);
    const text = actual === undefined || actual === null ? '' : String(actual);
    const ok =
      filter.operator === '='
        ? text === filter.value
        : filter.operator === '!='
          ? text !== filter.value
          : filter.operator === 'CONTAINS'
            ? text.includes(filter.value)
            : filter.operator === 'NOT_CONTAINS'
              ? !text.includes(filter.value)
              : filter.operator === '>'
                ? Number(text) > Number(filter.value)
                : filter.operator === '<'
                  ? Number(text) < Number(filter.value)
                  : filter.operator === '>='
                    ? Number(text) >= Number(filter.value)
                    : Number(text) <= Number(filter.value);
    if (!ok) failures.push(filter);
  }
  const reason = failures.map((f) => `${f.origin} ${f.field} ${f.operator} ${f.value}`).join('; ');
  return {
    match: failures.length === 0,
    failures,
    reason: failures.length ? `Filtro não atendido: ${reason}` : null,
  };
}

type Context = { eventId: string; eventName: string; timestamp: string; data: unknown; payload: unknown };

export function renderTemplate(template: unknown, context: Context): unknown {
  if (typeof template === 'string') {
    const named: Record<string, unknown> = {
      '#eventId#': context.eventId,
      '#eventName#': context.eventName,
      '#timestamp#': context.timestamp,
      '#data#': context.data,
    };
    if (template in named) return named[template];
    const exact = template.match(/^\{\{\s*payload\.([\w.]+)\s*\}\}$/);
    if (exact?.[1]) return pick(context.payload, exact[1]) ?? null;
    return template.replace(/\{\{\s*payload\.([\w.]+)\s*\}\}/g, (_m, path) =>
      String(pick(context.payload, path) ?? ''),
    );
  }
  if (Array.isArray(template)) return template.map((item) => renderTemplate(item, context));
  if (template && typeof template === 'object') {
    return Object.fromEntries(
      Object.entries(template).map(([key, value]) => [key, renderTemplate(value, context)]),
    );
  }
  return template;
}
