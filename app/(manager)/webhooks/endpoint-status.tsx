import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { plural } from '../invoices/format';
import { pausedReason } from './format';
import type { WebhookEndpoint } from './types';

/** Active or paused, why the service paused it, failures in a row, and a rotation still in its overlap. */
export function EndpointStatus({ endpoint, now }: { endpoint: WebhookEndpoint; /** When the list was loaded, to tell whether a rotation's overlap is over. */ now: number }) {
  const reason = pausedReason(endpoint);
  const rotating = endpoint.previousSecretExpiresAt && Date.parse(endpoint.previousSecretExpiresAt) > now;
  return (
    <div className="grid gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {endpoint.active ? <Badge variant="success">Active</Badge> : <Badge variant="warning">Paused</Badge>}
        {reason && <span className="font-medium text-warning">{reason}</span>}
        {endpoint.disabledReason !== 'failing' && endpoint.consecutiveFailures > 0 && (
          <span className="font-medium text-destructive">{plural(endpoint.consecutiveFailures, 'failed delivery', 'failed deliveries')} in a row</span>
        )}
      </p>
      {!endpoint.active && !reason && <p className="text-muted-foreground">Paused by a manager: deliveries wait until it is resumed.</p>}
      {!endpoint.active && reason && <p className="text-muted-foreground">Deliveries wait. Fix the receiver, then resume the endpoint.</p>}
      {rotating && (
        <p className="text-muted-foreground">
          Secret rotated: the previous secret also signs until {formatDateTime(endpoint.previousSecretExpiresAt!)}.
        </p>
      )}
    </div>
  );
}
