import { notFound } from 'next/navigation';
import { formatDateTimeSeconds } from '@/lib/format';
import { isDevMailboxEnabled } from '@/server/mail/dev-mailbox';
import { listMailbox } from '@/server/mail/mailbox';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Mailbox (local)', robots: { index: false } };

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Every mail the app "sent" while no mail provider is configured, newest first. */
export default async function DevMailPage({ searchParams }: { searchParams: Promise<{ to?: string | string[] }> }) {
  if (!isDevMailboxEnabled()) notFound();
  const { to: rawTo } = await searchParams;
  const to = (Array.isArray(rawTo) ? rawTo[0] : rawTo)?.trim() || undefined;
  const messages = await listMailbox({ to });

  return (
    <main className="mx-auto max-w-5xl space-y-6 p-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Mailbox</h1>
          <p className="text-sm text-zinc-500">
            Mail is kept here because no RESEND_API_KEY is set. {messages.length} message{messages.length === 1 ? '' : 's'}
            {to ? ` to ${to}` : ''}.
          </p>
        </div>
        <form method="get" className="flex gap-2">
          <input
            type="email"
            name="to"
            defaultValue={to}
            placeholder="Filter by recipient"
            className="h-9 w-64 rounded-md border px-3 text-sm"
          />
          <button type="submit" className="h-9 rounded-md border px-3 text-sm font-medium">
            Filter
          </button>
        </form>
      </header>

      {messages.length === 0 ? (
        <p className="rounded-md border border-dashed p-8 text-center text-sm text-zinc-500">No mail yet.</p>
      ) : (
        <ul className="space-y-4">
          {messages.map((m) => (
            <li key={m.id} className="overflow-hidden rounded-lg border">
              <details open>
                <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-2 px-4 py-3">
                  <span className="font-medium">{m.subject}</span>
                  <span className="text-sm text-zinc-500">
                    to {m.to} · <time dateTime={m.createdAt}>{formatDateTimeSeconds(m.createdAt, 'en')}</time>
                  </span>
                </summary>
                <div className="space-y-3 border-t p-4">
                  {/* The mail's own HTML, isolated: no scripts, no same-origin access to this app. */}
                  <iframe
                    title={m.subject}
                    srcDoc={m.html}
                    sandbox=""
                    className="h-[480px] w-full rounded-md border bg-white"
                  />
                  {m.attachments.length > 0 && (
                    <ul className="text-sm">
                      {m.attachments.map((a, i) => (
                        <li key={i}>
                          Attachment: {a.filename} <span className="text-zinc-500">({a.contentType}, {formatSize(a.size)})</span>
                        </li>
                      ))}
                    </ul>
                  )}
                  <details>
                    <summary className="cursor-pointer text-sm text-zinc-500">Plain text</summary>
                    <pre className="mt-2 whitespace-pre-wrap rounded-md bg-zinc-50 p-3 text-xs">{m.text}</pre>
                  </details>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
