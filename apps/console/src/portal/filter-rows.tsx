import { FILTER_OPERATORS, FILTER_ORIGINS, type FilterOperator, type FilterOrigin } from '@wm/rules';
import type { Strings } from './strings';

export type FilterDraft = { origin: FilterOrigin; field: string; operator: FilterOperator; value: string };

const NEW_FILTER: FilterDraft = { origin: 'BODY', field: '', operator: '=', value: '' };

/** The endpoint's filters, one row each (origin, field, operator, value): all must pass to deliver. */
export function FilterRows({
  filters,
  onChange,
  t,
}: {
  filters: FilterDraft[];
  onChange: (filters: FilterDraft[]) => void;
  t: Strings;
}) {
  const change = (index: number, patch: Partial<FilterDraft>) =>
    onChange(filters.map((filter, n) => (n === index ? { ...filter, ...patch } : filter)));
  return (
    <fieldset className="portal-fieldset" data-testid="portal-filters">
      <legend>{t.filters}</legend>
      <p className="portal-hint">{filters.length === 0 ? t.noFilters : t.filtersHint}</p>
      {filters.map((filter, index) => {
        const n = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; order is their identity
          <div key={index} className="portal-filter">
            <select
              aria-label={`${t.filterOrigin} ${n}`}
              value={filter.origin}
              onChange={(e) => change(index, { origin: e.target.value as FilterOrigin })}
            >
              {FILTER_ORIGINS.map((origin) => (
                <option key={origin} value={origin}>
                  {t.origins[origin]}
                </option>
              ))}
            </select>
            <input
              aria-label={`${t.filterField} ${n}`}
              placeholder={t.filterFieldPlaceholder}
              value={filter.field}
              onChange={(e) => change(index, { field: e.target.value })}
            />
            <select
              aria-label={`${t.filterOperator} ${n}`}
              value={filter.operator}
              onChange={(e) => change(index, { operator: e.target.value as FilterOperator })}
            >
              {FILTER_OPERATORS.map((operator) => (
                <option key={operator} value={operator}>
                  {t.operators[operator]}
                </option>
              ))}
            </select>
            <input
              aria-label={`${t.filterValue} ${n}`}
              placeholder={t.filterValue}
              value={filter.value}
              onChange={(e) => change(index, { value: e.target.value })}
            />
            <button
              type="button"
              className="portal-secondary"
              onClick={() => onChange(filters.filter((_, m) => m !== index))}
            >
              {t.removeFilter}
            </button>
          </div>
        );
      })}
      <button type="button" className="portal-secondary" onClick={() => onChange([...filters, NEW_FILTER])}>
        {t.addFilter}
      </button>
    </fieldset>
  );
}
