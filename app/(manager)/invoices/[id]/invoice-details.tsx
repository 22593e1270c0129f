'use client';

import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, ReceiptTextIcon, TriangleAlertIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, ErrorAlert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { DetailList } from '@/components/ui/detail-list';
import { DetailPage } from '@/components/ui/detail-page';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Notice } from '@/components/ui/notice';
import { InvoiceAccountBox } from '@/components/account/invoice-account-box';
import { formatDate, formatDateTime, formatPercent, formatQuantity, formatUnitPrice } from '@/lib/format';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { LIST_LIMIT } from '../../residents/apartment-directory';
import { formatDay, formatMoney, formatPeriod } from '../format';
import { InvoiceStatusBadge } from '../status-badge';
import type { Invoice } from '../types';
import { InvoiceActions } from './invoice-actions';
import { RemindersSection } from './reminders-section';
import { TitledSection } from '@/components/ui/titled-section';


/** One invoice: its details, lines with VAT, payments, the PDF and the status changes it allows. */
export function InvoiceDetails({ id }: { id: string }) {
  const t = useTranslations('Invoice');
  const trpc = useTRPC();
  const query = useQuery(trpc.invoices.get.queryOptions({ id }));

  return (
    <DetailPage query={query} t={t} icon={ReceiptTextIcon} listHref="/invoices" listLabel={t('allInvoices')}>
      {(data) => <InvoiceBody invoice={data.data} />}
    </DetailPage>
  );
}

function InvoiceBody({ invoice }: { invoice: Invoice }) {
  const locale = useLocale();
  const t = useTranslations('Invoice');
  const trpc = useTRPC();
  const building = useQuery(trpc.buildings.get.queryOptions({ id: invoice.buildingId }));
  const apartments = useQuery(trpc.buildings.listApartments.queryOptions({ id: invoice.buildingId, limit: LIST_LIMIT }));
  const account = useQuery(trpc.invoices.account.queryOptions({ id: invoice.id }));
  const buildingName = building.data?.data.name;
  const apartmentNumber = apartments.data?.data.find((a) => a.id === invoice.apartmentId)?.number;

  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const net = invoice.lineItems.reduce((sum, l) => sum + l.netAmount, 0);
  const vat = invoice.lineItems.reduce((sum, l) => sum + l.vatAmount, 0);
  const open = invoice.status === 'void' ? 0 : invoice.amount - invoice.amountPaid;

  const details: Array<[string, ReactNode]> = [
    [t('details.status'), <InvoiceStatusBadge key="s" status={invoice.status} overdue={invoice.overdue} />],
    [t('details.building'), buildingName ?? '…'],
    [t('details.apartment'), apartmentNumber ? t('apartmentNumber', { number: apartmentNumber }) : '…'],
    [t('details.period'), formatPeriod(invoice.periodStart, invoice.periodEnd, locale)],
    [t('details.issued'), formatDay(invoice.issueDate, locale)],
    [
      t('details.due'),
      <span key="d" className={invoice.overdue ? 'font-semibold text-destructive' : undefined}>
        {invoice.overdue ? t('details.dueOverdue', { date: formatDay(invoice.dueDate, locale) }) : formatDay(invoice.dueDate, locale)}
      </span>,
    ],
    [t('details.referenceNumber'), <span key="r" className="font-mono">{invoice.referenceNumber}</span>],
    [t('details.reference'), invoice.reference ?? '—'],
    [t('details.paidOn'), invoice.paidDate ? formatDay(invoice.paidDate, locale) : '—'],
    [t('details.amount'), money(invoice.amount)],
    [t('details.paid'), money(invoice.amountPaid)],
    [t('details.open'), money(open)],
  ];

  return (
    <>
      <BackLink href="/invoices">{t('allInvoices')}</BackLink>
      <PageHeader
        title={t('heading', { number: invoice.number })}
        description={[buildingName, apartmentNumber && t('apartmentNumber', { number: apartmentNumber }), formatPeriod(invoice.periodStart, invoice.periodEnd, locale)].filter(Boolean).join(' · ')}
        actions={<InvoiceActions invoice={invoice} onDone={(text) => setNotice({ id: Date.now(), text })} />}
      />

      <div className="grid min-w-0 gap-8">
        {notice && (
          <Notice key={notice.id} ref={noticeRef}>
            {notice.text}
          </Notice>
        )}
        {invoice.needsReview && invoice.status === 'draft' && (
          <Alert variant="info" className="border-warning/30 bg-warning-muted text-warning">
            <TriangleAlertIcon aria-hidden="true" />
            <p>
              <span className="font-semibold">{t('checkBeforeSending')}</span> {invoice.needsReview}
            </p>
          </Alert>
        )}

        <DetailList id="invoice-details-heading" title={t('details.title')} items={details} columns={4} valueClassName="tabular-nums" />

        <TitledSection id="lines-heading" title={t('lines.title')}>
          <Table aria-labelledby="lines-heading">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('lines.description')}</TableHead>
                <TableHead className="text-right">{t('lines.quantity')}</TableHead>
                <TableHead className="text-right">{t('lines.unitPrice')}</TableHead>
                <TableHead className="text-right">{t('lines.vatRate')}</TableHead>
                <TableHead className="text-right">{t('lines.net')}</TableHead>
                <TableHead className="text-right">{t('lines.vat')}</TableHead>
                <TableHead className="text-right">{t('lines.amount')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invoice.lineItems.map((l, i) => (
                <TableRow key={i}>
                  <TableHead scope="row" className="h-auto min-w-40 py-3 font-medium whitespace-normal text-foreground">
                    {l.description}
                  </TableHead>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatQuantity(l.quantity, l.unit, locale)}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{formatUnitPrice(l.unitPrice, locale)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatPercent(l.vatRate, locale)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{money(l.netAmount)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{money(l.vatAmount)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{money(l.amount)}</TableCell>
                </TableRow>
              ))}
              {invoice.lineItems.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7} className="text-center text-muted-foreground">
                    {t('lines.none')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
            <tfoot className="border-t bg-muted/60 font-semibold">
              <TableRow className="hover:bg-transparent">
                <TableHead scope="row" colSpan={4} className="text-foreground">
                  {t('lines.total')}
                </TableHead>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{money(net)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{money(vat)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{money(invoice.amount)}</TableCell>
              </TableRow>
            </tfoot>
          </Table>
        </TitledSection>

        {account.data && <InvoiceAccountBox account={account.data.data} currency={invoice.currency} headingId="invoice-account-heading" />}
        <PaymentsSection invoice={invoice} />
        {invoice.status !== 'draft' && <RemindersSection invoice={invoice} />}

        <section aria-labelledby="pdf-heading" className="grid min-w-0 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="pdf-heading" className="text-lg font-semibold">
              {t('pdf.title')}
            </h2>
            <Button variant="outline" asChild>
              <a href={`/api/invoices/${invoice.id}/pdf`} download>
                <DownloadIcon aria-hidden="true" />
                {t('pdf.download')}
              </a>
            </Button>
          </div>
          {/* Phones open PDFs in their own viewer; an embedded one would show nothing or one page. */}
          <iframe
            key={`${invoice.status}-${invoice.amountPaid}-${invoice.reference ?? ''}`}
            title={t('pdf.previewTitle', { number: invoice.number })}
            src={`/api/invoices/${invoice.id}/pdf?inline=1`}
            className="hidden h-[75vh] min-h-96 w-full rounded-lg border bg-card sm:block"
          />
          <p className="text-sm sm:hidden">
            {t.rich('pdf.open', {
              link: (chunks) => (
                <a href={`/api/invoices/${invoice.id}/pdf?inline=1`} target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-4">
                  {chunks}
                </a>
              ),
            })}
          </p>
        </section>
      </div>
    </>
  );
}


function PaymentsSection({ invoice }: { invoice: Invoice }) {
  const words = useErrorWords();
  const locale = useLocale();
  const t = useTranslations('Invoice');
  const names = useTranslations('Payments');
  const trpc = useTRPC();
  const payments = useQuery(trpc.payments.list.queryOptions({ invoiceId: invoice.id, limit: 50 }));
  let body: ReactNode;
  if (payments.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (payments.isError)
    body = (
      <ErrorAlert>{t('payments.loadFailed', { reason: describeError(payments.error, words) })}</ErrorAlert>
    );
  else if (payments.data.data.length === 0)
    body = <p className="rounded-lg border border-dashed bg-card p-4 text-sm text-muted-foreground">{t('payments.none')}</p>;
  else
    body = (
      <Table aria-labelledby="payments-heading">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('payments.date')}</TableHead>
            <TableHead>{t('payments.method')}</TableHead>
            <TableHead>{t('payments.payer')}</TableHead>
            <TableHead>{t('payments.status')}</TableHead>
            <TableHead className="text-right">{t('payments.amount')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {payments.data.data.map((p) => (
            <TableRow key={p.id}>
              <TableCell className="whitespace-nowrap">{p.paidAt ? (p.method === 'manual' ? formatDate(p.paidAt, locale) : formatDateTime(p.paidAt, locale)) : '—'}</TableCell>
              <TableCell>{names(`methods.${p.method}`)}</TableCell>
              <TableCell>{p.payerName ?? '—'}</TableCell>
              <TableCell>{names(`paymentStatuses.${p.status}`)}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(p.amount, p.currency, locale)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  return (
    <TitledSection id="payments-heading" title={t('payments.title')}>
      {body}
    </TitledSection>
  );
}
