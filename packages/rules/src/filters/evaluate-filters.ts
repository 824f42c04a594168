import { evaluateFilter } from './evaluate-filter';
import type { Filter, FilterFailure, FilterInput, FiltersResult } from './types';

/** Reasons listed in the summary; the rest are counted. Each failure keeps its own reason. */
const MAX_SUMMARISED_REASONS = 10;

/** All filters must pass (AND). No filters (empty, null, undefined) always match. */
export function evaluateFilters(
  filters: readonly Filter[] | null | undefined,
  input: FilterInput,
): FiltersResult {
  if (!Array.isArray(filters) || filters.length === 0)
    return { match: true, failures: [], reason: null, outsiderReason: null };
  const failures: FilterFailure[] = [];
  filters.forEach((filter: Filter, index: number) => {
    const result = evaluateFilter(filter, input);
    if (!result.match) failures.push({ ...result, index, filter });
  });
  if (failures.length === 0) return { match: true, failures, reason: null, outsiderReason: null };
  return {
    match: false,
    failures,
    reason: summariseFailures(failures),
    outsiderReason: summariseFailures(failures, 'outsiderReason'),
  };
}

export function summariseFailures(
  failures: readonly FilterFailure[],
  which: 'reason' | 'outsiderReason' = 'reason',
): string {
  const listed = failures.slice(0, MAX_SUMMARISED_REASONS).map((failure) => failure[which]);
  const hidden = failures.length - listed.length;
  const more = hidden > 0 ? `; e mais ${hidden}` : '';
  return `${failures.length} filtro(s) falharam: ${listed.join('; ')}${more}`;
}
