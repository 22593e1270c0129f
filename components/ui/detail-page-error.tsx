import type { LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { describeError, errorCode } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { BackLink } from './back-link';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';

export type DetailPageErrorProps = {
  error: unknown;
  retry: () => void;
  /** What the page shows, as its title: "Invoice". */
  title: string;
  icon: LucideIcon;
  /** Why it may not be found: "It may have been deleted, or the link is not complete." */
  notFoundDescription: string;
  /** The list the page belongs to, and the link's text: "/invoices", "All invoices". */
  listHref: string;
  listLabel: string;
};

/**
 * A detail page whose record could not be loaded. Not found (or a malformed id) is a page of its own with
 * the way back to the list; any other failure stays under the page's title with the reason and a retry.
 */
export function DetailPageError({ error, retry, title, icon, notFoundDescription, listHref, listLabel }: DetailPageErrorProps) {
  const words = useErrorWords();
  const t = useTranslations('Shell');
  const code = errorCode(error);
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') {
    return (
      <EmptyState icon={icon} titleAs="h1" title={t('detail.notFound', { title })} description={notFoundDescription}>
        <Button asChild>
          <Link href={listHref}>{listLabel}</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <>
      <BackLink href={listHref}>{listLabel}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">{title}</h1>
      <LoadError what={t('detail.loadWhat', { title, lower: title.toLowerCase() })} reason={describeError(error, words)} retry={retry} />
    </>
  );
}
