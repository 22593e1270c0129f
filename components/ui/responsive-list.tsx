import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { cn } from '@/lib/utils';
import { ErrorAlert } from './alert';
import { Button } from './button';
import { Skeleton } from './skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from './table';

export type ResponsiveColumn<T> = {
  /** The column heading; wrap it in `<span className="sr-only">` for a column of buttons. */
  header: ReactNode;
  headClassName?: string;
  cellClassName?: string;
  cell: (item: T) => ReactNode;
};

export type ResponsiveListProps<T extends { id: string }> = {
  items: readonly T[];
  /** From this width up the table is shown; below it, one card per item. */
  from: 'sm' | 'md';
  columns: ResponsiveColumn<T>[];
  /** A heading that names both the table and the list. */
  labelledBy?: string;
  /** The list's name when no heading names it (the table is named by its caption). */
  listLabel?: string;
  /** Read out with the table only, e.g. its order. */
  caption?: string;
  busy?: boolean;
  /** The classes of each card's <li>. */
  cardClassName: string;
  card: (item: T) => ReactNode;
};

const TABLE_FROM = { sm: 'hidden min-w-0 sm:block', md: 'hidden min-w-0 md:block' } as const;
const LIST_UNTIL = { sm: 'sm:hidden', md: 'md:hidden' } as const;

/**
 * The same items as a table on wider screens and as a list of cards on phones, where a table's columns
 * would be scrolled out of sight. Only one of the two is displayed (the other is `display: none`, so
 * assistive technology skips it too).
 */
export function ResponsiveList<T extends { id: string }>({
  items,
  from,
  columns,
  labelledBy,
  listLabel,
  caption,
  busy,
  cardClassName,
  card,
}: ResponsiveListProps<T>) {
  return (
    <>
      <div className={TABLE_FROM[from]}>
        <Table aria-labelledby={labelledBy} aria-busy={busy}>
          {caption && <TableCaption className="sr-only">{caption}</TableCaption>}
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {columns.map((column, index) => (
                <TableHead key={index} className={column.headClassName}>
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                {columns.map((column, index) => (
                  <TableCell key={index} className={column.cellClassName}>
                    {column.cell(item)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-labelledby={labelledBy} aria-label={listLabel} className={cn('divide-y rounded-lg border bg-card', LIST_UNTIL[from])}>
        {items.map((item) => (
          <li key={item.id} className={cardClassName}>
            {card(item)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Rows of placeholders while a list loads; the status is read out as `label` ("Loading invoices…"). */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="grid gap-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-11 w-full" />
      ))}
    </div>
  );
}

/** Said in place of a filtered list that came back empty ("No invoices match these filters."). */
export function NoMatches({ children }: { children: ReactNode }) {
  return <p role="status" className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/** What LoadMore reads of an infinite query. */
export type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * The foot of a list loaded a page at a time: why the next page failed, if it did and `failed` names
 * what ("More invoices"), and the button for the next page, which stays in place (aria-disabled) while
 * it loads.
 */
export function LoadMore({
  query,
  failed,
  onLoadMore = () => void query.fetchNextPage(),
  label,
  className = 'flex justify-center',
}: {
  query: PagedQuery;
  /** Shown as "<failed> could not be loaded. <why>" when the next page failed. */
  failed?: string;
  /** Instead of fetching the next page plainly. */
  onLoadMore?: () => void;
  label?: string;
  /** The button's wrapper: centred under the list unless told otherwise. */
  className?: string;
}) {
  const words = useErrorWords();
  const t = useTranslations('Ui');
  const loading = query.isFetchingNextPage;
  return (
    <>
      {failed && query.isFetchNextPageError && (
        <ErrorAlert>{t('couldNotLoad', { what: failed, reason: describeError(query.error, words) })}</ErrorAlert>
      )}
      {query.hasNextPage && (
        <div className={className}>
          <Button
            variant="outline"
            aria-disabled={loading}
            className="w-full aria-disabled:opacity-60 sm:w-auto"
            onClick={() => {
              if (!loading) onLoadMore();
            }}
          >
            {loading ? t('loading') : (label ?? t('loadMore'))}
          </Button>
        </div>
      )}
    </>
  );
}

/** The classes of a column of figures (money, counts): right-aligned, the digits in columns, kept on one line. */
export function figureCells(cellClassName?: string): Pick<ResponsiveColumn<unknown>, 'headClassName' | 'cellClassName'> {
  return { headClassName: 'text-right', cellClassName: cn('text-right whitespace-nowrap tabular-nums', cellClassName) };
}

/** A card's first line: what the item is, and its amount at the right. */
export function CardHeadline({ children, amount }: { children: ReactNode; amount: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {children}
      <span className="font-medium tabular-nums">{amount}</span>
    </div>
  );
}
