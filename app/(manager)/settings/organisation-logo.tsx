'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Notice } from '@/components/ui/notice';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { uploadPhoto } from '@/app/portal/requests/new/new-request';

/** The logo printed on invoices and letters: shown, replaced by an uploaded image, or removed (admins). */
export function OrganisationLogo({ logoUploadId, canEdit }: { logoUploadId: string | null; canEdit: boolean }) {
  const words = useErrorWords();
  const t = useTranslations('Settings');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.organisation.update.mutationOptions());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'destructive'; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function save(next: string | null, done: string) {
    try {
      await update.mutateAsync({ logoUploadId: next });
      setOutcome({ tone: 'success', text: done });
      await queryClient.invalidateQueries({ queryKey: trpc.organisation.get.queryKey({}) });
    } catch (error) {
      setOutcome({ tone: 'destructive', text: t('logo.failed', { reason: describeError(error, words) }) });
    }
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    const uploaded = await uploadPhoto(file, new AbortController().signal);
    if ('error' in uploaded) setOutcome({ tone: 'destructive', text: uploaded.error });
    else await save(uploaded.id, t('logo.saved'));
    setBusy(false);
    if (input.current) input.current.value = '';
  }

  return (
    <div className="grid gap-3">
      <Label htmlFor={canEdit ? 'organisation-logo' : undefined}>{t('logo.label')}</Label>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-20 w-52 items-center justify-center rounded-md border bg-white p-2">
          {logoUploadId ? (
            // An uploaded image behind the session cookie; next/image would fetch it without that cookie.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={`/api/uploads/${logoUploadId}`} alt={t('logo.alt')} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="flex items-center gap-2 text-sm text-muted-foreground">
              <ImageIcon className="size-4" aria-hidden="true" />
              {t('logo.none')}
            </span>
          )}
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              id="organisation-logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={busy}
              className="max-w-full text-sm file:mr-3 file:min-h-10 file:rounded-md file:border file:bg-background file:px-3 file:text-sm file:font-medium"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            {logoUploadId && (
              <Button type="button" variant="outline" disabled={busy || update.isPending} onClick={() => void save(null, t('logo.removed'))}>
                {t('logo.remove')}
              </Button>
            )}
          </div>
        )}
      </div>
      <p className="text-sm text-muted-foreground">{t('logo.hint')}</p>
      {outcome && (
        <Notice role="status" tone={outcome.tone}>
          {outcome.text}
        </Notice>
      )}
    </div>
  );
}
