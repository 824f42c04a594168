import { useEffect, useState } from 'react';
import { LogDetail } from './log-detail';
import type { PortalLog, PortalLogDetail, PortalSubscription } from './portal-api';
import type { Strings } from './strings';

/**
 * One delivery in the list; opened, its detail, read again each time the page refreshes (`version`)
 * so a resend's new attempt shows up.
 */
export function LogItem({
  log,
  endpoint,
  version,
  canResend,
  load,
  resend,
  locale,
  t,
}: {
  log: PortalLog;
  endpoint: PortalSubscription | undefined;
  version: number;
  canResend: boolean;
  load: (id: string) => Promise<PortalLogDetail | null>;
  resend: (id: string) => Promise<void>;
  locale: string | undefined;
  t: Strings;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [detail, setDetail] = useState<PortalLogDetail | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    // `version` is read so each refresh of the page reloads an open detail.
    void version;
    load(log.id).then((answer) => {
      if (isCurrent) setDetail(answer);
    });
    return () => {
      isCurrent = false;
    };
  }, [isOpen, load, log.id, version]);

  return (
    <li data-testid="portal-log" className="portal-log">
      <div className="portal-endpoint-text">
        <strong>{t.status[log.status]}</strong>
        <span>
          {log.subscription.name} · {log.subscription.event.alias} ·{' '}
          {new Date(log.createdAt).toLocaleString(locale)}
          {log.httpStatusCode !== null ? ` · HTTP ${log.httpStatusCode}` : ''}
        </span>
      </div>
      <div className="portal-actions">
        <button
          type="button"
          className="portal-secondary"
          aria-expanded={isOpen}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? t.hideDetail : t.showDetail}
        </button>
        {canResend && log.status === 'FAILED' && (
          <button type="button" onClick={() => void resend(log.id)}>
            {t.resend}
          </button>
        )}
      </div>
      {isOpen && detail && <LogDetail log={detail} endpoint={endpoint} locale={locale} t={t} />}
    </li>
  );
}
