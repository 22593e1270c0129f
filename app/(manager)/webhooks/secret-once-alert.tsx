'use client';

import type { RefObject } from 'react';
import { ShownOnceSecret } from '@/components/shown-once-secret';
import { formatDateTime } from '@/lib/format';
import type { ShownSecret } from './types';

/** The whole signing secret, this once: after adding an endpoint or rotating its secret (as API keys do). */
export function SecretOnceAlert({ shown, onDismiss, ref }: { shown: ShownSecret; onDismiss: () => void; ref: RefObject<HTMLDivElement | null> }) {
  return (
    <ShownOnceSecret
      ref={ref}
      heading={
        <>
          {shown.rotated ? 'New signing secret for ' : 'Endpoint added: '}
          <span className="wrap-anywhere">{shown.url}</span>
        </>
      }
      textClassName="min-w-0"
      description="Copy the signing secret now and store it with your receiver. It will not be shown again."
      field={{ id: 'new-webhook-secret', label: 'Signing secret' }}
      value={shown.secret}
      noun="secret"
      onDismiss={onDismiss}
    >
      {shown.rotated && shown.previousSecretExpiresAt && (
        <p className="text-foreground">
          Until {formatDateTime(shown.previousSecretExpiresAt)} each delivery carries both signatures, the new one first; switch your
          receiver to this secret before then.
        </p>
      )}
    </ShownOnceSecret>
  );
}
