'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode, RefObject } from 'react';
import { ShownOnceSecret } from '@/components/shown-once-secret';
import { formatDateTime } from '@/lib/format';
import type { ShownSecret } from './types';

/** The whole signing secret, this once: after adding an endpoint or rotating its secret (as API keys do). */
export function SecretOnceAlert({ shown, onDismiss, ref }: { shown: ShownSecret; onDismiss: () => void; ref: RefObject<HTMLDivElement | null> }) {
  const locale = useLocale();
  const t = useTranslations('Webhooks');
  const url = (chunks: ReactNode) => <span className="wrap-anywhere">{chunks}</span>;
  return (
    <ShownOnceSecret
      ref={ref}
      heading={shown.rotated ? t.rich('secret.rotatedHeading', { url: shown.url, u: url }) : t.rich('secret.addedHeading', { url: shown.url, u: url })}
      textClassName="min-w-0"
      description={t('secret.description')}
      field={{ id: 'new-webhook-secret', label: t('secret.label') }}
      value={shown.secret}
      noun="secret"
      onDismiss={onDismiss}
    >
      {shown.rotated && shown.previousSecretExpiresAt && (
        <p className="text-foreground">{t('secret.overlap', { date: formatDateTime(shown.previousSecretExpiresAt, locale) })}</p>
      )}
    </ShownOnceSecret>
  );
}
