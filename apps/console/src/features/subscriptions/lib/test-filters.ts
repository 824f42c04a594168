import { evaluateFilters, type Filter, type FilterFailure } from '@wm/rules';
import { messages } from '@/lib/messages';
import { filteredDescription, INVALID_TEST_DATA, parseTestInput } from '@/lib/test-data';

export type FilterTestOutcome = {
  kind: 'invalid-data' | 'no-filters' | 'match' | 'filtered';
  title: string;
  description: string;
  failures: FilterFailure[];
};

/** The subscription detail's filter test: the server's matching rules (@wm/rules), nothing sent. */
export function testSubscriptionFilters(
  filters: readonly Filter[],
  bodyText: string,
  headersText: string,
): FilterTestOutcome {
  const input = parseTestInput(bodyText, headersText);
  if (!input) return { ...INVALID_TEST_DATA, failures: [] };
  if (filters.length === 0) {
    return {
      kind: 'no-filters',
      title: messages.noFilters,
      description: 'A assinatura receberia todos os eventos.',
      failures: [],
    };
  }
  const result = evaluateFilters(filters, input);
  if (result.match) {
    return {
      kind: 'match',
      title: messages.filtersPassed,
      description: `${filters.length} filtro(s) aprovado(s); a assinatura receberia o evento.`,
      failures: [],
    };
  }
  return {
    kind: 'filtered',
    title: messages.subscriptionFiltered,
    description: filteredDescription(result.failures.length),
    failures: result.failures,
  };
}
