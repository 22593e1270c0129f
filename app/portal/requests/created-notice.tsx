'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Notice } from '@/components/ui/notice';

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
    <Notice ref={ref} ring className="mb-4" heading={title ? t('created.titled', { title }) : t('created.untitled')}>
      {t('created.text')}
    </Notice>
  );
}
