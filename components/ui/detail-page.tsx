import type { LucideIcon } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { errorCode } from '@/lib/trpc/errors';
import { BackLink } from './back-link';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { PageSkeleton } from './skeleton';

type DetailTexts = (key: 'loading' | 'title' | 'notFoundTitle' | 'notFound' | 'loadWhat') => string;
type DetailQuery<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };

/**
 * A detail page's record as it loads: a skeleton first; when it cannot be found (or the id is malformed) a page
 * of its own with the way back to the list; any other failure under the page's title with the reason and a
 * retry; else `children` with the record. Texts come from the page's namespace: `loading`, `title`,
 * `notFoundTitle`, `notFound` (why it may be missing) and `loadWhat`.
 */
export function DetailPage<T>({
  query,
  t,
  icon,
  listHref,
  listLabel,
  children,
}: {
  query: DetailQuery<T>;
  t: DetailTexts;
  icon: LucideIcon;
  /** The list the page belongs to, and the link's text: "/invoices", "All invoices". */
  listHref: string;
  listLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageSkeleton label={t('loading')} />;
  if (!query.isError) return children(query.data as T);
  const code = errorCode(query.error);
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') {
    return (
      <EmptyState icon={icon} titleAs="h1" title={t('notFoundTitle')} description={t('notFound')}>
        <Button asChild>
          <Link href={listHref}>{listLabel}</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <>
      <BackLink href={listHref}>{listLabel}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">{t('title')}</h1>
      <LoadError what={t('loadWhat')} error={query.error} retry={() => void query.refetch()} />
    </>
  );
}
