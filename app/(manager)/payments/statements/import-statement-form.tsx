'use client';

import { CircleAlertIcon, UploadIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { Translate } from '@/app/portal/translate';
import { useErrorWords } from '@/lib/error-text';
import { readRestFailure, restStatusText } from '@/lib/rest-failure';
import type { ErrorWords } from '@/lib/trpc/errors';

/** The server's limit (app/api/bank-statements/import). */
const MAX_BYTES = 10 * 1024 * 1024;

export type StatementResult = {
  format: string;
  entries: number;
  skipped: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  payments: Array<{ id: string; amount: number; currency: string }>;
};

/** The statement uploaded, or why not in the reader's words (`t`: namespace BankStatements; the REST answer's reasons are English). */
async function postStatement(file: File, t: Translate, words: ErrorWords): Promise<{ ok: true; result: StatementResult } | { ok: false; message: string }> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    // The session cookie authenticates the request, as it does for tRPC.
    response = await fetch('/api/bank-statements/import', { method: 'POST', body });
  } catch {
    return { ok: false, message: t('import.unreachable') };
  }
  if (response.ok) {
    const json = (await response.json().catch(() => null)) as { data?: StatementResult } | null;
    if (json?.data) return { ok: true, result: json.data };
  }
  const { status } = await readRestFailure(response);
  if (status === 401) return { ok: false, message: t('import.sessionEnded') };
  if (status === 413) return { ok: false, message: t('import.tooLarge') };
  // 400: not well-formed, a DOCTYPE, an unknown encoding; 415: neither camt XML nor a known CSV; 422: a statement with wrong content.
  if (status === 400 || status === 415 || status === 422) return { ok: false, message: t('import.unreadable') };
  if (status === 409) return { ok: false, message: t('import.concurrent') };
  return { ok: false, message: status >= 500 ? t('import.failed') : restStatusText(status, words) };
}

/** One statement file (camt.053/054 XML or a Swedbank, SEB, LHV or generic CSV) uploaded and reconciled. */
export function ImportStatementForm({ onImported }: { onImported: (result: StatementResult) => void }) {
  const t = useTranslations('BankStatements');
  const words = useErrorWords();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!file || file.size > MAX_BYTES) {
      setError(file ? t('import.tooLarge') : t('import.chooseFile'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    const answer = await postStatement(file, t, words);
    setPending(false);
    if (answer.ok) onImported(answer.result);
    else setError(answer.message);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <FormField label={t('import.file')} description={t('import.fileHint')}>
        <Input
          ref={inputRef}
          type="file"
          name="file"
          accept=".xml,.csv,application/xml,text/xml,text/csv"
          className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
      </FormField>
      <Button type="submit" aria-disabled={pending} className="aria-disabled:opacity-60">
        <UploadIcon aria-hidden="true" />
        {pending ? t('import.importing') : t('import.submit')}
      </Button>
      {error && (
        <Alert variant="destructive" role="alert" className="sm:col-span-2">
          <CircleAlertIcon aria-hidden="true" />
          <p>{error}</p>
        </Alert>
      )}
    </form>
  );
}
