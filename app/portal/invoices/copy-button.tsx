'use client';

import { CheckIcon, CopyIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/** Copies a payment detail (IBAN, reference number) for pasting into the bank's app. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslations('PortalInvoices');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="-my-2 shrink-0"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
        } catch {
          // Clipboard refused (an insecure page, a denied permission): the value stays there to select by hand.
        }
      }}
    >
      {copied ? <CheckIcon className="text-success" aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      <span className="sr-only">{t('copy.copy', { label })}</span>
    </Button>
    <span className="sr-only" role="status">
      {copied ? t('copy.copied', { label }) : ''}
    </span>
    </>
  );
}
