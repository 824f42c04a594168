export type FilterOrigin = 'HEADER' | 'BODY';
export type FilterOperator = '=' | '!=' | '>' | '<' | '>=' | '<=' | 'CONTAINS' | 'NOT_CONTAINS';
export type Filter = { origin: FilterOrigin; field: string; operator: FilterOperator; value: string };
export type FilterInput = { headers: Record<string, string | string[] | undefined>; body: unknown };
/**
 * `actual` is the value read (header text or body value); null when not found. `outsiderReason` is
 * `reason` without the emitted header values (it says that they differed, not what they were): the
 * one shown to readers who are not members of the emitting application.
 */
export type FilterResult = {
  match: boolean;
  reason: string | null;
  outsiderReason: string | null;
  actual: unknown;
  found: boolean;
};
export type FilterFailure = FilterResult & { index: number; filter: Filter };
/**
 * `reason` summarises the failures, e.g. '1 filtro(s) falharam: …'; null when all pass.
 * `outsiderReason` summarises them without the emitted header values.
 */
export type FiltersResult = {
  match: boolean;
  failures: FilterFailure[];
  reason: string | null;
  outsiderReason: string | null;
};

export const FILTER_ORIGINS = ['HEADER', 'BODY'] as const satisfies readonly FilterOrigin[];
export const FILTER_OPERATORS = [
  '=',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'CONTAINS',
  'NOT_CONTAINS',
] as const satisfies readonly FilterOperator[];
export const NUMERIC_FILTER_OPERATORS = ['>', '<', '>=', '<='] as const satisfies readonly FilterOperator[];

/** pt-BR wording of each operator, used in reasons and available to the console. */
export const FILTER_OPERATOR_LABELS: Readonly<Record<FilterOperator, string>> = {
  '=': 'igual a',
  '!=': 'diferente de',
  '>': 'maior que',
  '<': 'menor que',
  '>=': 'maior ou igual a',
  '<=': 'menor ou igual a',
  CONTAINS: 'contém',
  NOT_CONTAINS: 'não contém',
};

export function isFilterOperator(value: unknown): value is FilterOperator {
  return typeof value === 'string' && (FILTER_OPERATORS as readonly string[]).includes(value);
}

export function isFilterOrigin(value: unknown): value is FilterOrigin {
  return value === 'HEADER' || value === 'BODY';
}

export function isNumericFilterOperator(value: unknown): value is '>' | '<' | '>=' | '<=' {
  return value === '>' || value === '<' || value === '>=' || value === '<=';
}
