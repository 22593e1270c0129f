import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { prettyBody } from './format';
import type { DeliveryAttempt } from './types';

// Wrapped rather than scrolled sideways, so a phone never scrolls the page; long bodies scroll down within.
const BODY = 'max-h-80 overflow-y-auto rounded-md border bg-muted p-3 font-mono text-xs whitespace-pre-wrap wrap-anywhere focus-visible:outline-2 focus-visible:outline-ring';

/** What was sent (headers, body) and what came back (status, body or the network error) in one attempt. */
export function DeliveryDetails({ attempt, paused }: { attempt: DeliveryAttempt; paused: boolean }) {
  const t = useTranslations('Webhooks');
  const headers = attempt.request.headers ? Object.entries(attempt.request.headers) : null;
  // Without an answer the error already says why; an answer without a body is said so.
  const noBody = attempt.responseStatus !== null ? t('details.noBody') : attempt.error ? null : t('details.noAnswer');
  return (
    <div className="grid min-w-0 gap-4 text-sm">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">{t('details.deliveryId')}</dt>
        <dd className="font-mono text-xs wrap-anywhere">{attempt.deliveryId}</dd>
        <dt className="text-muted-foreground">{t('details.eventId')}</dt>
        <dd className="font-mono text-xs wrap-anywhere">{attempt.eventId}</dd>
      </dl>

      <Part title={t('details.request')}>
        {headers ? (
          <dl className="grid gap-x-4 gap-y-1 rounded-md border p-3 font-mono text-xs sm:grid-cols-[auto_1fr]">
            {headers.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-medium">{name}</dt>
                <dd className="mb-1 text-muted-foreground wrap-anywhere sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-muted-foreground">{paused ? t('details.notSentPaused') : t('details.notSent')}</p>
        )}
        <pre tabIndex={0} aria-label={t('details.requestBody')} className={BODY}>
          {prettyBody(attempt.request.body)}
        </pre>
      </Part>

      {attempt.status !== 'pending' && (
        <Part title={t('details.response')}>
          {attempt.error && (
            <p>
              <span className="text-muted-foreground">{t('details.error')} </span>
              <span className="font-medium text-destructive wrap-anywhere">{attempt.error}</span>
            </p>
          )}
          {attempt.responseBody ? (
            <pre tabIndex={0} aria-label={t('details.responseBody')} className={BODY}>
              {prettyBody(attempt.responseBody)}
            </pre>
          ) : (
            noBody && <p className="text-muted-foreground">{noBody}</p>
          )}
        </Part>
      )}
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-2">
      <h4 className="font-semibold">{title}</h4>
      {children}
    </section>
  );
}
