import type { PortalLogDetail, PortalSubscription } from './portal-api';
import { describeSentHeaders } from './sent-headers';
import type { Strings } from './strings';

/** A JSON value or text as the page shows it: indented JSON, the text as is, or `empty`. */
function asText(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** One delivery as the consumer's endpoint got it: what was sent, what it answered, each attempt. */
export function LogDetail({
  log,
  endpoint,
  locale,
  t,
}: {
  log: PortalLogDetail;
  endpoint: PortalSubscription | undefined;
  locale: string | undefined;
  t: Strings;
}) {
  const time = (at: string) => new Date(at).toLocaleString(locale);
  const headers = describeSentHeaders(log.id, log.subscription.httpMethod, endpoint, t.perAttempt);
  return (
    <div className="portal-log-detail" data-testid="portal-log-detail">
      <dl className="portal-facts">
        <dt>{t.httpStatus}</dt>
        <dd>{log.httpStatusCode ?? '—'}</dd>
        <dt>{t.request}</dt>
        <dd>
          <code>
            {log.subscription.httpMethod} {log.subscription.targetUrl}
          </code>
        </dd>
        {log.errorMessage && (
          <>
            <dt>{t.error}</dt>
            <dd className="portal-error">{t.fromApi(log.errorMessage)}</dd>
          </>
        )}
      </dl>
      <h3>{t.bodySent}</h3>
      <pre className="portal-pre" data-testid="portal-body-sent">
        {asText(log.payloadSent, t.noBody)}
      </pre>
      <h3>{t.headersSent}</h3>
      <pre className="portal-pre" data-testid="portal-headers-sent">
        {headers.map(([name, value]) => `${name}: ${value}`).join('\n')}
      </pre>
      <h3>{t.response}</h3>
      <pre className="portal-pre" data-testid="portal-response">
        {asText(log.responseBody, t.noResponse)}
      </pre>
      <h3>
        {t.attempts} ({log.attempts.length})
      </h3>
      {log.attempts.length === 0 ? (
        <p>{t.noAttempts}</p>
      ) : (
        <ol className="portal-attempts">
          {log.attempts.map((attempt) => (
            <li key={attempt.id} data-testid="portal-attempt">
              <strong>
                #{attempt.attemptNumber} · {attempt.httpStatusCode ?? t.noAnswer}
              </strong>
              <span>
                {time(attempt.startedAt)} · {attempt.durationMs} ms
              </span>
              {attempt.errorMessage && (
                <span className="portal-error">{t.fromApi(attempt.errorMessage)}</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
