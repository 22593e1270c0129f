'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { describeError } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';

type Channel = 'email' | 'e_invoice';

const CHOICES: Array<{ value: Channel; label: string; hint: string }> = [
  { value: 'email', label: 'By email', hint: 'The invoice PDF comes to your inbox.' },
  { value: 'e_invoice', label: 'In my bank (e-invoice)', hint: 'It arrives in your internet bank; no email copy.' },
];

/** How the resident receives this apartment's invoices; saved as soon as it is chosen. */
export function InvoiceChannelChoice({ residentId, initial }: { residentId: string; initial: Channel }) {
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
        onSuccess: () => setMessage(next === 'email' ? 'Saved: invoices come by email.' : 'Saved: invoices come to your bank.'),
        onError: (error) => {
          setChannel(previous);
          setMessage(`Not saved. ${describeError(error)}`);
        },
      },
    );
  };

  return (
    <fieldset className="mt-2 grid gap-1 border-t pt-3">
      <legend className="mb-1 text-sm font-medium">Invoices</legend>
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
            <span className="font-medium">{choice.label}</span>
            <span className="text-muted-foreground">{choice.hint}</span>
          </span>
        </label>
      ))}
      <p role="status" className="min-h-5 text-sm text-muted-foreground">
        {message}
      </p>
    </fieldset>
  );
}
