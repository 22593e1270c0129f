'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useErrorText } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';

type Channel = 'email' | 'e_invoice';

/** Each choice's label and hint in the `Portal` messages. */
const CHOICES: Array<{ value: Channel; label: string; hint: string }> = [
  { value: 'email', label: 'channel.email', hint: 'channel.emailHint' },
  { value: 'e_invoice', label: 'channel.eInvoice', hint: 'channel.eInvoiceHint' },
];

/** How the resident receives this apartment's invoices; saved as soon as it is chosen. */
export function InvoiceChannelChoice({ residentId, initial }: { residentId: string; initial: Channel }) {
  const t = useTranslations('Portal');
  const errorText = useErrorText();
  const trpc = useTRPC();
  const [channel, setChannel] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation(trpc.residents.setInvoiceChannel.mutationOptions());
  const name = useId();

  const choose = (next: Channel) => {
    const previous = channel;
    setChannel(next);
    setMessage(null);
    save.mutate(
      { id: residentId, invoiceChannel: next },
      {
        onSuccess: () => setMessage(t(next === 'email' ? 'channel.savedEmail' : 'channel.savedBank')),
        onError: (error) => {
          setChannel(previous);
          setMessage(t('channel.notSaved', { reason: errorText(error) }));
        },
      },
    );
  };

  return (
    <fieldset className="mt-2 grid gap-1 border-t pt-3">
      <legend className="mb-1 text-sm font-medium">{t('channel.legend')}</legend>
      {CHOICES.map((choice) => (
        <label key={choice.value} className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-sm has-focus-visible:outline-2 has-focus-visible:outline-ring">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={channel === choice.value}
            disabled={save.isPending}
            onChange={() => choose(choice.value)}
            className="mt-0.5 size-5 accent-primary focus-visible:outline-none"
          />
          <span className="grid">
            <span className="font-medium">{t(choice.label)}</span>
            <span className="text-muted-foreground">{t(choice.hint)}</span>
          </span>
        </label>
      ))}
      <p role="status" className="min-h-5 text-sm text-muted-foreground">
        {message}
      </p>
    </fieldset>
  );
}
