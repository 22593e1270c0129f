'use client';

import { useMutation } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useErrorText } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import type { Bank } from '@/server/banklink/providers';

type Redirect = { url: string; method: 'POST'; fields: Record<string, string> };

/**
 * "Pay now" by banklink: the person picks a bank, the server starts the payment and signs the request,
 * and a form with the signed fields is posted to the bank at once. The bank sends them back to this page.
 */
export function PayByBank({ invoiceId, banks }: { invoiceId: string; banks: Array<{ id: Bank; name: string }> }) {
  const t = useTranslations('PortalInvoices');
  const errorText = useErrorText();
  const trpc = useTRPC();
  const start = useMutation(trpc.payments.banklink.mutationOptions());
  const [redirect, setRedirect] = useState<Redirect | null>(null);
  const [chosen, setChosen] = useState<Bank | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (redirect) form.current?.submit();
  }, [redirect]);

  const pay = (bank: Bank) => {
    setChosen(bank);
    start.mutate(
      { invoiceId, bank, returnUrl: `/portal/invoices/${invoiceId}` },
      { onSuccess: (answer) => setRedirect(answer.data.redirect) },
    );
  };
  const busy = start.isPending || redirect !== null;
  const refusal = start.error ? errorText(start.error) : null;

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {banks.map((bank) => (
          <Button key={bank.id} type="button" size="lg" variant={bank.id === 'testbank' ? 'outline' : 'default'} disabled={busy} onClick={() => pay(bank.id)}>
            {busy && chosen === bank.id && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            {bank.name}
          </Button>
        ))}
      </div>
      {refusal && <ErrorAlert>{t('bank.notStarted', { reason: refusal })}</ErrorAlert>}
      {redirect && (
        <form ref={form} method="post" action={redirect.url} className="hidden" aria-hidden="true">
          {Object.entries(redirect.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      )}
    </div>
  );
}
