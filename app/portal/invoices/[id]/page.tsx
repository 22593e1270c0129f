import { TRPCError } from '@trpc/server';
import {  CircleAlertIcon, DownloadIcon, LandmarkIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { BackLink } from '@/components/ui/back-link';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/utils';
import { apartmentLabel } from '../../requests/format';
import { serverApi } from '@/server/api/server-caller';
import { InvoiceAccountBox } from '@/components/account/invoice-account-box';
import { formatPercent, formatQuantity, formatUnitPrice } from '@/lib/format';
import { CopyButton } from '../copy-button';
import { PayByBank } from './pay-by-bank';
import { formatDay, formatMoney, formatPeriod, openAmount, PortalInvoiceBadge } from '../status';
import { TitledSection } from '@/components/ui/titled-section';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('PortalInvoices'))('invoice.metaTitle') };
}


type InvoiceLine = { netAmount: number; vatAmount: number };

/** "EE382200221020145685" → "EE38 2200 2210 2014 5685", as banks print it. */
function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

function Row({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-2', className)}>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}

export default async function PortalInvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const locale = await getLocale();
  const { id } = await params;
  const portal = await getTranslations('Portal');
  const t = await getTranslations('PortalInvoices');
  const api = await serverApi();
  // Another apartment's invoice, a draft or a malformed id: not found, like the API answers.
  const invoice = await api.invoices
    .get({ id })
    .then((r) => r.data)
    .catch((err: unknown) => {
      if (err instanceof TRPCError && (err.code === 'NOT_FOUND' || err.code === 'BAD_REQUEST')) return null;
      throw err;
    });
  if (!invoice) notFound();
  const apartment = (await api.residents.myApartments()).find((a) => a.apartmentId === invoice.apartmentId);

  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const cents = (pick: (l: InvoiceLine) => number) => invoice.lineItems.reduce((sum, l) => sum + Math.round(pick(l) * 100), 0) / 100;
  const toPay = invoice.status === 'sent' ? openAmount(invoice) : 0;
  const pdfUrl = `/api/invoices/${invoice.id}/pdf`;
  const banks = toPay > 0 ? (await api.payments.banklinkBanks()).data : [];
  const account = (await api.invoices.account({ id: invoice.id })).data;

  return (
    <>
      <BackLink href="/portal/invoices">{t('invoice.all')}</BackLink>
      <PageHeader
        title={t('invoice.title', { number: invoice.number })}
        description={[formatPeriod(invoice.periodStart, invoice.periodEnd, locale), apartment && apartmentLabel(apartment, portal)].filter(Boolean).join(' · ')}
        actions={
          <a href={pdfUrl} download className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full sm:w-auto')}>
            <DownloadIcon aria-hidden="true" />
            {t('invoice.downloadPdf')}
          </a>
        }
      />

      <div className="grid gap-6">
        <Card className={cn('grid gap-3 p-4', invoice.overdue && 'border-destructive/60 bg-destructive-muted')}>
          <div className="flex items-start justify-between gap-3">
            <div className="grid gap-0.5">
              <p className="text-sm text-muted-foreground">{invoice.status === 'sent' ? t('toPay') : t('invoice.amount')}</p>
              <p className="text-3xl font-semibold tabular-nums">{money(invoice.status === 'sent' ? toPay : invoice.amount)}</p>
            </div>
            <PortalInvoiceBadge status={invoice.status} overdue={invoice.overdue} className="shrink-0" />
          </div>
          {invoice.status === 'sent' && (
            <p className={cn('flex items-center gap-1.5 text-sm', invoice.overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}>
              {invoice.overdue && <CircleAlertIcon className="size-4 shrink-0" aria-hidden="true" />}
              {t(invoice.overdue ? 'invoice.overdueOn' : 'invoice.dueOn', { date: formatDay(invoice.dueDate, locale) })}
            </p>
          )}
          {invoice.status === 'paid' && <p className="text-sm text-muted-foreground">{invoice.paidDate ? t('invoice.paidOn', { date: formatDay(invoice.paidDate, locale) }) : t('invoice.paidThanks')}</p>}
          {invoice.status === 'void' && <p className="text-sm text-muted-foreground">{t('invoice.cancelled')}</p>}
        </Card>

        {invoice.status === 'sent' && toPay > 0 && banks.length > 0 && (
          <TitledSection id="pay-now-heading" title={t('invoice.payNow')} hint={t('invoice.chooseBank', { amount: money(toPay) })}>
            <PayByBank invoiceId={invoice.id} banks={banks} />
          </TitledSection>
        )}

        {invoice.status === 'sent' && toPay > 0 && (
          <section aria-labelledby="pay-heading" className="grid gap-3">
            <h2 id="pay-heading" className="flex items-center gap-2 text-lg font-semibold">
              <LandmarkIcon className="size-5 text-muted-foreground" aria-hidden="true" />
              {t('invoice.transfer')}
            </h2>
            {apartment?.iban ? (
              <Card className="p-4">
                <p className="mb-2 text-sm text-muted-foreground">
                  {t('invoice.transferText')}
                </p>
                <dl className="divide-y text-sm">
                  <Row term={t('invoice.recipient')}>{apartment.bankRecipient}</Row>
                  <div className="flex items-center justify-between gap-2 py-2">
                    <dt className="text-muted-foreground">{t('invoice.iban')}</dt>
                    <dd className="flex min-w-0 items-center gap-1 text-right font-medium tabular-nums">
                      <span className="wrap-break-word">{groupIban(apartment.iban)}</span>
                      <CopyButton value={apartment.iban.replace(/\s+/g, '')} label={t('invoice.iban')} />
                    </dd>
                  </div>
                  <div className="flex items-center justify-between gap-2 py-2">
                    <dt className="text-muted-foreground">{t('invoice.reference')}</dt>
                    <dd className="flex items-center gap-1 font-medium tabular-nums">
                      {invoice.referenceNumber}
                      <CopyButton value={invoice.referenceNumber} label={t('invoice.referenceLower')} />
                    </dd>
                  </div>
                  <Row term={t('invoice.description')}>{invoice.number}</Row>
                  <Row term={t('invoice.amount')}>{money(toPay)}</Row>
                </dl>
              </Card>
            ) : (
              <p className="rounded-lg border border-dashed bg-card p-4 text-sm text-muted-foreground">
                {t.rich('invoice.noAccount', {
                  reference: invoice.referenceNumber,
                  ref: (chunks) => <span className="font-medium text-foreground tabular-nums">{chunks}</span>,
                })}
              </p>
            )}
          </section>
        )}

        <TitledSection id="lines-heading" title={t('invoice.lines')}>
          <Card className="p-4">
            <ul aria-labelledby="lines-heading" className="divide-y">
              {invoice.lineItems.map((line, index) => (
                <li key={index} className="grid gap-0.5 py-2 first:pt-0">
                  <div className="flex items-baseline justify-between gap-4">
                    <span className="min-w-0 font-medium wrap-break-word">{line.description}</span>
                    <span className="font-medium tabular-nums">{money(line.amount)}</span>
                  </div>
                  <p className="text-sm text-muted-foreground tabular-nums">
                    {formatQuantity(line.quantity, line.unit, locale)} × {formatUnitPrice(line.unitPrice, locale)} {invoice.currency}
                    {line.vatRate > 0 && t('invoice.lineVat', { rate: formatPercent(line.vatRate, locale), amount: money(line.vatAmount) })}
                  </p>
                </li>
              ))}
            </ul>
            <dl className="mt-2 border-t pt-2 text-sm">
              <Row term={t('invoice.withoutVat')}>{money(cents((l) => l.netAmount))}</Row>
              <Row term={t('invoice.vat')}>{money(cents((l) => l.vatAmount))}</Row>
              <Row term={t('invoice.total')} className="text-base font-semibold [&>dt]:text-foreground">
                {money(invoice.amount)}
              </Row>
              {invoice.amountPaid > 0 && <Row term={t('invoice.paid')}>{money(invoice.amountPaid)}</Row>}
              {invoice.status === 'sent' && invoice.amountPaid > 0 && <Row term={t('invoice.leftToPay')}>{money(toPay)}</Row>}
            </dl>
          </Card>
        </TitledSection>

        <InvoiceAccountBox account={account} currency={invoice.currency} headingId="account-heading" />

        <TitledSection id="details-heading" title={t('invoice.details')}>
          <Card className="p-4">
            <dl className="divide-y text-sm">
              <Row term={t('invoice.number')}>{invoice.number}</Row>
              <Row term={t('invoice.period')}>{formatPeriod(invoice.periodStart, invoice.periodEnd, locale)}</Row>
              <Row term={t('invoice.issued')}>{formatDay(invoice.issueDate, locale)}</Row>
              <Row term={t('invoice.dueTerm')} className={invoice.overdue ? '[&>dd]:text-destructive' : undefined}>
                {formatDay(invoice.dueDate, locale)}
              </Row>
              <Row term={t('invoice.reference')}>{invoice.referenceNumber}</Row>
              {apartment && <Row term={t('invoice.apartment')}>{apartmentLabel(apartment, portal)}</Row>}
            </dl>
          </Card>
        </TitledSection>
      </div>
    </>
  );
}
