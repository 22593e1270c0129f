'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatDateTime } from '@/lib/format';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';

export type ApiKey = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null };

/** The keys that are not revoked, newest first, each with its Revoke button; the one just created marked New. */
export function ApiKeyList({ newKeyId, onRevoke }: { newKeyId?: string; onRevoke: (key: ApiKey, trigger: HTMLElement) => void }) {
  const words = useErrorWords();
  const locale = useLocale();
  const t = useTranslations('Settings');
  const trpc = useTRPC();
  const list = useQuery(trpc.apiKeys.list.queryOptions());

  if (list.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('apiKeys.loading')}
      </p>
    );
  }
  if (list.isError) {
    return (
      <LoadError what={t('apiKeys.loadWhat')} reason={describeError(list.error, words)} retry={() => void list.refetch()} />
    );
  }

  const keys = list.data.data;
  if (keys.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        {t('apiKeys.none')}
      </p>
    );
  }

  const revokeButton = (key: ApiKey) => (
    <Button variant="outline" size="sm" onClick={(event) => onRevoke(key, event.currentTarget)}>
      {t('apiKeys.revoke')}
      <span className="sr-only"> {key.name}</span>
    </Button>
  );
  const newBadge = (key: ApiKey) => key.id === newKeyId && <Badge variant="success">{t('apiKeys.new')}</Badge>;
  const prefix = (key: ApiKey) => <code className="font-mono text-sm">{key.prefix}…</code>;
  const date = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, locale)}</time>;
  const lastUsed = (key: ApiKey) =>
    key.lastUsedAt ? date(key.lastUsedAt) : <span className="text-muted-foreground">{t('apiKeys.never')}</span>;

  // Tablets and wider a table, phones one card per key.
  return (
    <ResponsiveList
      items={keys}
      from="sm"
      listLabel={t('apiKeys.title')}
      caption={t('apiKeys.caption')}
      columns={[
        {
          header: t('apiKeys.columns.name'),
          cellClassName: 'max-w-64 font-medium',
          cell: (key) => (
            <>
              <span className="wrap-break-word">{key.name}</span> {newBadge(key)}
            </>
          ),
        },
        { header: t('apiKeys.columns.key'), cellClassName: 'whitespace-nowrap', cell: prefix },
        { header: t('apiKeys.columns.created'), cellClassName: 'whitespace-nowrap', cell: (key) => date(key.createdAt) },
        { header: t('apiKeys.columns.lastUsed'), cellClassName: 'whitespace-nowrap', cell: lastUsed },
        { header: <span className="sr-only">{t('apiKeys.columns.actions')}</span>, cellClassName: 'text-right', cell: revokeButton },
      ]}
      cardClassName="grid gap-3 p-4"
      card={(key) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <p className="font-medium wrap-break-word">
                {key.name} {newBadge(key)}
              </p>
              {prefix(key)}
            </div>
            {revokeButton(key)}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('apiKeys.columns.created')}</dt>
            <dd>{date(key.createdAt)}</dd>
            <dt className="text-muted-foreground">{t('apiKeys.columns.lastUsed')}</dt>
            <dd>{lastUsed(key)}</dd>
          </dl>
        </>
      )}
    />
  );
}
