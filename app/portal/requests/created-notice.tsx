'use client';

import { CircleCheckIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';

/** The confirmation after a request was sent; it takes the focus so screen readers read it out. */
export function CreatedNotice({ title }: { title?: string }) {
  const t = useTranslations('PortalRequests');
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.focus();
    // The notice belongs to this visit: drop ?created= so a reload or a shared link does not repeat it.
    const url = new URL(window.location.href);
    if (url.searchParams.has('created')) {
      url.searchParams.delete('created');
      window.history.replaceState(window.history.state, '', url.pathname + url.search);
    }
  }, []);

  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      variant="success"
      role="status"
      className="mb-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <CircleCheckIcon aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{title ? t('created.titled', { title }) : t('created.untitled')}</p>
        <p className="text-foreground">{t('created.text')}</p>
      </div>
    </Alert>
  );
}
