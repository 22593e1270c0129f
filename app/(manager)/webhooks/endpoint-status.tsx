import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';

import { pausedReason } from './format';
import type { WebhookEndpoint } from './types';

/** Active or paused, why the service paused it, failures in a row, and a rotation still in its overlap. */
export function EndpointStatus({ endpoint, now }: { endpoint: WebhookEndpoint; /** When the list was loaded, to tell whether a rotation's overlap is over. */ now: number }) {
  const locale = useLocale();
  const t = useTranslations('Webhooks');
  const reason = pausedReason(endpoint, t);
  const rotating = endpoint.previousSecretExpiresAt && Date.parse(endpoint.previousSecretExpiresAt) > now;
  return (
    <div className="grid gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {endpoint.active ? <Badge variant="success">{t('status.active')}</Badge> : <Badge variant="warning">{t('status.paused')}</Badge>}
        {reason && <span className="font-medium text-warning">{reason}</span>}
        {endpoint.disabledReason !== 'failing' && endpoint.consecutiveFailures > 0 && (
          <span className="font-medium text-destructive">{t('status.failuresInRow', { count: endpoint.consecutiveFailures })}</span>
        )}
      </p>
      {!endpoint.active && !reason && <p className="text-muted-foreground">{t('status.pausedByManager')}</p>}
      {!endpoint.active && reason && <p className="text-muted-foreground">{t('status.fixReceiver')}</p>}
      {rotating && <p className="text-muted-foreground">{t('status.rotating', { date: formatDateTime(endpoint.previousSecretExpiresAt!, locale) })}</p>}
    </div>
  );
}
