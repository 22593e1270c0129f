'use client';

import { CheckIcon, CircleCheckIcon, CopyIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A secret the server returns once (an API key, a webhook signing secret), shown in a success message
 * with a way to copy it and a button to put it away. The message takes the focus when it appears.
 */
export function ShownOnceSecret({
  ref,
  heading,
  description,
  children,
  textClassName,
  field,
  value,
  noun,
  onDismiss,
}: {
  /** The message box: it is focused on mount. */
  ref: RefObject<HTMLDivElement | null>;
  /** What the message is about, in bold: “API key “…” created”. */
  heading: ReactNode;
  /** The paragraph under the heading: what to do with the secret. */
  description: ReactNode;
  /** More paragraphs under that one, if any. */
  children?: ReactNode;
  /** More classes for the column that holds the heading and the paragraphs. */
  textClassName?: string;
  /** The read-only field that holds the secret: its id and its label. */
  field: { id: string; label: string };
  value: string;
  /** What the secret is called in the copy status lines: “The key is on your clipboard.” */
  noun: 'key' | 'secret';
  onDismiss: () => void;
}) {
  const t = useTranslations('Shell');
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  // Take the focus so the message is read out and the copy button is a Tab away.
  useEffect(() => {
    ref.current?.focus();
  }, [ref]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('copied');
    } catch {
      // No clipboard API (a plain-http address, a denied permission): select the text for copying by hand.
      fieldRef.current?.select();
      setCopied(document.execCommand('copy') ? 'copied' : 'failed');
    }
  }

  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      variant="success"
      role="status"
      className="flex-col gap-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div className="flex gap-3">
        <CircleCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className={cn('grid gap-1', textClassName)}>
          <p className="font-semibold">{heading}</p>
          <p className="text-foreground">{description}</p>
          {children}
        </div>
      </div>
      <div className="grid gap-2">
        <label htmlFor={field.id} className="text-sm font-medium text-foreground">
          {field.label}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <textarea
            ref={fieldRef}
            id={field.id}
            readOnly
            rows={2}
            spellCheck={false}
            autoComplete="off"
            value={value}
            onFocus={(event) => event.currentTarget.select()}
            className="field-sizing-content min-h-11 w-full min-w-0 resize-none break-all rounded-md border border-input bg-card px-3 py-2.5 font-mono text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
          />
          <div className="flex gap-2">
            <Button variant="outline" onClick={copy} className="h-11 flex-1 sm:flex-none">
              {copied === 'copied' ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied === 'copied' ? t('secret.copied') : t('secret.copy')}
            </Button>
            <Button variant="ghost" onClick={onDismiss} className="h-11 flex-1 text-foreground sm:flex-none">
              {t('secret.done')}
            </Button>
          </div>
        </div>
        <p className="text-sm text-foreground" aria-live="polite">
          {copied === 'copied' && t('secret.onClipboard', { noun })}
          {copied === 'failed' && t('secret.copyFailed', { noun })}
        </p>
      </div>
    </Alert>
  );
}
