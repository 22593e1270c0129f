'use client';

import { ChevronDownIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { DeliveryLog } from './delivery-log';
import { EndpointActions, type EndpointDialogKind } from './endpoint-actions';
import { EndpointStatus } from './endpoint-status';
import type { WebhookEndpoint } from './types';

/** One endpoint: where it sends, what, whether it runs, its actions and, opened on demand, its delivery log. */
export function EndpointCard({
  endpoint,
  loadedAt,
  onNotice,
  onDialog,
}: {
  endpoint: WebhookEndpoint;
  /** When the list was loaded. */
  loadedAt: number;
  onNotice: (text: string, tone?: 'success' | 'destructive') => void;
  onDialog: (kind: EndpointDialogKind) => void;
}) {
  const locale = useLocale();
  const t = useTranslations('Webhooks');
  const [logOpen, setLogOpen] = useState(false);
  const headingId = useId();
  const logId = useId();
  const logHeadingId = useId();

  return (
    <article aria-labelledby={headingId} className="min-w-0 rounded-lg border bg-card shadow-sm">
      <div className="flex items-start gap-2 p-4 sm:p-5">
        <div className="grid min-w-0 flex-1 gap-3">
          <div className="grid gap-1">
            <h3 id={headingId} className="font-mono text-sm font-semibold wrap-anywhere sm:text-base">
              {endpoint.url}
            </h3>
            {endpoint.description && <p className="text-sm wrap-break-word text-muted-foreground">{endpoint.description}</p>}
          </div>
          <EndpointStatus endpoint={endpoint} now={loadedAt} />
          <div className="grid gap-1.5">
            <p className="text-xs font-medium text-muted-foreground" id={`${headingId}-events`}>
              {t('events.label')}
            </p>
            <ul aria-labelledby={`${headingId}-events`} className="flex flex-wrap gap-1.5">
              {endpoint.events.map((event) => (
                <li key={event}>
                  <Badge variant="secondary" className="font-mono">
                    {event}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
          <p className="text-xs text-muted-foreground">{t('added', { date: formatDate(endpoint.createdAt, locale) })}</p>
        </div>
        <EndpointActions endpoint={endpoint} onNotice={onNotice} onDialog={onDialog} onTestSent={() => setLogOpen(true)} />
      </div>

      <h4 id={logHeadingId} className="border-t">
        <Button
          variant="ghost"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen(!logOpen)}
          className={cn('h-11 w-full justify-between rounded-none px-4 sm:px-5', !logOpen && 'rounded-b-lg')}
        >
          {t('log.title')}
          <ChevronDownIcon aria-hidden="true" className={cn('motion-safe:transition-transform', logOpen && 'rotate-180')} />
        </Button>
      </h4>
      <div id={logId} hidden={!logOpen} className="border-t p-3 sm:p-5">
        {logOpen && <DeliveryLog endpoint={endpoint} labelledBy={logHeadingId} />}
      </div>
    </article>
  );
}
