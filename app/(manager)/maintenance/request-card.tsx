'use client';

import { useLocale, useTranslations } from 'next-intl';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { type MaintenanceRequest, NEXT, STATUS_VARIANTS, type RequestStatus } from './status';

/** One request: where, when, what, its photos, and the buttons of its next legal steps. */
export function RequestCard({
  request,
  apartment,
  savingTo,
  disabled,
  error,
  onChange,
}: {
  request: MaintenanceRequest;
  apartment: string;
  /** The status being saved, while it is. */
  savingTo: RequestStatus | null;
  disabled: boolean;
  error?: string;
  onChange: (to: RequestStatus) => void;
}) {
  const locale = useLocale();
  const t = useTranslations('Maintenance');
  const titleId = `request-${request.id}-title`;
  const next = NEXT[request.status];
  const photos = request.photoIds;

  return (
    <article aria-labelledby={titleId} className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} tabIndex={-1} className="min-w-0 font-semibold wrap-break-word focus-visible:outline-none">
          {request.title}
        </h3>
        <Badge variant={STATUS_VARIANTS[request.status]} className="shrink-0">
          <span className="sr-only">{t('statusLabel')} </span>
          {t(`statuses.${request.status}`)}
        </Badge>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{apartment}</span>
        <span>{t.rich('reported', { date: formatDateTime(request.createdAt, locale), time: (chunks) => <time dateTime={request.createdAt}>{chunks}</time> })}</span>
        {request.updatedAt !== request.createdAt && (
          <span>{t.rich('updated', { date: formatDateTime(request.updatedAt, locale), time: (chunks) => <time dateTime={request.updatedAt}>{chunks}</time> })}</span>
        )}
      </p>
      <p className="text-sm whitespace-pre-line wrap-break-word">{request.description}</p>

      {photos.length > 0 && (
        <ul aria-label={t('photosOf', { title: request.title })} className="flex flex-wrap gap-2">
          {photos.map((id, index) => (
            <li key={id}>
              <a
                href={`/api/uploads/${id}`}
                target="_blank"
                rel="noopener noreferrer"
                className="block size-20 overflow-hidden rounded-md border bg-muted hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:size-24"
              >
                {/* An uploaded photo behind the session cookie; next/image would fetch it without that cookie. */}
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img
                  src={`/api/uploads/${id}`}
                  alt={t('photoAlt', { index: index + 1, count: photos.length })}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}

      {error && <ErrorAlert>{error}</ErrorAlert>}

      {next.length > 0 && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {next.map(({ to, label }, i) => (
            <Button
              key={to}
              variant={i === 0 ? 'default' : 'outline'}
              aria-disabled={disabled}
              className="h-11 w-full aria-disabled:opacity-60 sm:w-auto"
              onClick={() => {
                if (!disabled) onChange(to);
              }}
            >
              {savingTo === to ? t('saving') : t(`next.${label}`)}
              <span className="sr-only"> {t('quotedTitle', { title: request.title })}</span>
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
