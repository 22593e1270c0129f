import { TRPCClientError } from '@trpc/client';
import { ReceiptTextIcon } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '@/i18n/messages';
import { DetailPage } from './detail-page';
import { PagedList } from './paged-list';

const messages = await loadMessages('en');
const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={messages} timeZone="Europe/Tallinn">
      {node}
    </NextIntlClientProvider>,
  );

const texts = { loading: 'Loading the things…', loadWhat: 'The things', noMatches: 'No things match.', count: '{count} things', countMore: '{count} things, more to load' };
const t = (key: keyof typeof texts, values?: { count: number }) => texts[key].replace('{count}', String(values?.count ?? ''));
const idle = { isPending: false, isError: false, error: null as unknown, isPlaceholderData: false, refetch: () => undefined, hasNextPage: false, isFetchingNextPage: false, isFetchNextPageError: false, fetchNextPage: async () => undefined };

function list(query: Partial<typeof idle>, count: number, filtered = false) {
  return render(
    <PagedList query={{ ...idle, ...query }} count={count} filtered={filtered} t={t} announceCount empty={<p>Nothing yet</p>} more="More things">
      <ul>
        <li>a thing</li>
      </ul>
    </PagedList>,
  );
}

describe('PagedList', () => {
  it('shows skeletons while the first page loads', () => {
    const html = list({ isPending: true }, 0);
    expect(html).toContain('Loading the things…');
    expect(html).not.toContain('a thing');
  });

  it('shows the error with a retry when nothing could be loaded, and keeps the list when a refetch fails', () => {
    expect(list({ isError: true, error: new Error('offline') }, 0)).toContain('The things');
    expect(list({ isError: true, error: new Error('offline') }, 0)).toContain('Try again');
    expect(list({ isError: true, error: new Error('offline') }, 2)).toContain('a thing');
  });

  it('tells "nothing yet" from "nothing matches", and waits for a changed filter before saying either', () => {
    expect(list({}, 0)).toContain('Nothing yet');
    expect(list({}, 0, true)).toContain('No things match.');
    expect(list({ isPlaceholderData: true }, 0)).toContain('No things match.');
  });

  it('announces the count, says when more can be loaded, and offers the next page', () => {
    const html = list({ hasNextPage: true }, 2);
    expect(html).toContain('2 things, more to load');
    expect(html).toContain('Load more');
    expect(list({}, 2)).toContain('>2 things<');
    expect(list({}, 2)).not.toContain('Load more');
  });
});

describe('DetailPage', () => {
  const detailTexts = { loading: 'Loading the invoice…', title: 'Invoice', notFoundTitle: 'Invoice not found', notFound: 'The link is not complete.', loadWhat: 'The invoice' };
  const page = (query: { isPending: boolean; isError: boolean; error: unknown; data: string | undefined }) =>
    render(
      <DetailPage query={{ ...query, refetch: () => undefined }} t={(key) => detailTexts[key]} icon={ReceiptTextIcon} listHref="/invoices" listLabel="All invoices">
        {(data) => <p>loaded {data}</p>}
      </DetailPage>,
    );
  const trpcError = (code: string) => new TRPCClientError(code, { result: { error: { message: code, code: -32000, data: { code } } } });

  it('shows the record once loaded, a skeleton before', () => {
    expect(page({ isPending: false, isError: false, error: null, data: '000072' })).toContain('loaded 000072');
    expect(page({ isPending: true, isError: false, error: null, data: undefined })).toContain('Loading the invoice…');
  });

  it('makes a missing record a page with the way back, and any other failure a retry under the title', () => {
    const missing = page({ isPending: false, isError: true, error: trpcError('NOT_FOUND'), data: undefined });
    expect(missing).toContain('Invoice not found');
    expect(missing).toContain('href="/invoices"');
    const failed = page({ isPending: false, isError: true, error: trpcError('INTERNAL_SERVER_ERROR'), data: undefined });
    expect(failed).toContain('<h1');
    expect(failed).toContain('The invoice');
    expect(failed).toContain('Try again');
  });
});
