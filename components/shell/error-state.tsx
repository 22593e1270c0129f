'use client';

import { TriangleAlertIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export type ErrorStateProps = { error: unknown; retry: () => void; titleAs?: 'h1' | 'h2' };

/** The body of every error.tsx: an apology, the log reference and a retry. */
export function ErrorState({ error, retry, titleAs }: ErrorStateProps) {
  // Server errors reach the browser without details; the digest matches the server's log line.
  const t = useTranslations('Shell');
  const ui = useTranslations('Ui');
  const digest =
    error instanceof Error && 'digest' in error && typeof error.digest === 'string' ? error.digest : undefined;

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <EmptyState
      icon={TriangleAlertIcon}
      title={t('error.title')}
      titleAs={titleAs}
      description={
        <>
          <p>{t('error.text')}</p>
          {digest && (
            <p className="mt-2">
              {t.rich('error.reference', { digest, code: (chunks) => <code className="font-mono">{chunks}</code> })}
            </p>
          )}
        </>
      }
    >
      <Button onClick={retry}>{ui('tryAgain')}</Button>
    </EmptyState>
  );
}
