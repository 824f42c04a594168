import type { TSubscriptionTestResult } from '@wm/contracts';

/** What the target answered, in one line: 'HTTP 200 em 12 ms', or the error of a failed attempt. */
function describeAnswer(result: TSubscriptionTestResult): string {
  const answer = result.httpStatusCode === null ? null : `HTTP ${result.httpStatusCode}`;
  if (result.success) return `${answer ?? 'Resposta recebida'} em ${result.durationMs} ms`;
  return [answer, result.error].filter(Boolean).join(': ') || 'Falha no envio';
}

/**
 * The test's outcome: for OAuth2, the token step first ('Token OAuth2 obtido. HTTP 200 em 12 ms'),
 * or only its failure, since the receiver is then not called.
 */
export function describeTestResult(result: TSubscriptionTestResult): string {
  const { tokenStep } = result;
  if (!tokenStep) return describeAnswer(result);
  if (!tokenStep.success) return tokenStep.message;
  return `${tokenStep.message}. ${describeAnswer(result)}`;
}
