'use client';

import { CircleAlertIcon, UploadIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { Translate } from '@/app/portal/translate';
import { useErrorWords } from '@/lib/error-text';
import { readRestFailure, restFieldText, restStatusText, type RestFieldError } from '@/lib/rest-failure';
import type { ErrorWords } from '@/lib/trpc/errors';

/** The server's limit (app/api/buildings/[id]/apartments/import). */
const MAX_BYTES = 2 * 1024 * 1024;
const SHOWN_ERRORS = 50;

export type ImportResult = { created: number; updated: number };
type ImportError = RestFieldError;

/**
 * "Row 3, area: Must be greater than 0." in the reader's words; a missing column by its name, a problem of the whole
 * file without a row. The REST answer's reasons are English: other readers get "check this value" at the row and column.
 */
export function describeImportError(error: ImportError, t: Translate, words: ErrorWords): string {
  const reason = error.path === 'header' && error.column ? words.fields('missingColumn', { column: error.column }) : restFieldText(error, words);
  if (error.path === 'header') return reason;
  if (error.row && error.column) return t('rowColumn', { row: String(error.row), column: error.column, message: reason });
  if (error.row) return t('row', { row: String(error.row), message: reason });
  return reason;
}

type Outcome = { kind: 'rows'; errors: ImportError[] } | { kind: 'message'; message: string };

async function postCsv(buildingId: string, file: File, t: Translate, words: ErrorWords): Promise<{ ok: true; result: ImportResult } | { ok: false; outcome: Outcome }> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    // The session cookie authenticates the request, as it does for tRPC.
    response = await fetch(`/api/buildings/${encodeURIComponent(buildingId)}/apartments/import`, { method: 'POST', body });
  } catch {
    return { ok: false, outcome: { kind: 'message', message: t('unreachable') } };
  }
  if (response.ok) {
    const json = (await response.json().catch(() => null)) as { data?: ImportResult } | null;
    if (json?.data) return { ok: true, result: json.data };
  }
  const { status, errors } = await readRestFailure(response);
  if (status === 422 && errors.length) return { ok: false, outcome: { kind: 'rows', errors } };
  const message =
    status === 401
      ? t('sessionEnded')
      : status === 413
        ? t('tooLarge')
        : status === 404
          ? t('noBuilding')
          : status === 400 || status === 415
            ? t('unreadable')
            : status >= 500
              ? t('failed')
              : restStatusText(status, words);
  return { ok: false, outcome: { kind: 'message', message } };
}

/** Apartments from a CSV file (number, floor, area, rooms, residentsCount): all rows or none. */
export function ImportApartmentsDialog({
  buildingId,
  onImported,
  focusAfterImport,
}: {
  buildingId: string;
  onImported: (result: ImportResult) => void;
  focusAfterImport: () => HTMLElement | null;
}) {
  const t = useTranslations('ApartmentImport');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const imported = useRef(false);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        if (next) imported.current = false;
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="flex-1 sm:flex-none">
          <UploadIcon aria-hidden="true" />
          {t('open')}
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!imported.current) return;
          event.preventDefault();
          focusAfterImport()?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t.rich('text', { code: (chunks) => <code className="font-mono text-foreground">{chunks}</code> })}</DialogDescription>
        </DialogHeader>
        <ImportForm
          buildingId={buildingId}
          onPendingChange={setPending}
          onImported={(result) => {
            imported.current = true;
            onImported(result);
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function ImportForm({
  buildingId,
  onImported,
  onPendingChange,
}: {
  buildingId: string;
  onImported: (result: ImportResult) => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const t = useTranslations('ApartmentImport');
  const words = useErrorWords();
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setOutcome(null);
    if (!file) {
      setFieldError(t('chooseFile'));
      inputRef.current?.focus();
      return;
    }
    if (file.size > MAX_BYTES) {
      setFieldError(t('tooLarge'));
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setPending(true);
    const answer = await postCsv(buildingId, file, t, words);
    setPending(false);
    if (answer.ok) onImported(answer.result);
    else {
      setOutcome(answer.outcome);
      // The list can be long: focus it so it is read and can be scrolled from the keyboard.
      requestAnimationFrame(() => outcomeRef.current?.focus());
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      <FormField label={t('fileLabel')} error={fieldError ?? undefined} description={t('fileHint')}>
        <Input
          ref={inputRef}
          type="file"
          name="file"
          accept=".csv,text/csv"
          required
          className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFieldError(null);
            setOutcome(null);
          }}
        />
      </FormField>

      {!pending && outcome && (
        <Alert ref={outcomeRef} tabIndex={-1} variant="destructive" role="alert" className="focus-visible:outline-2 focus-visible:outline-ring">
          <CircleAlertIcon aria-hidden="true" />
          {outcome.kind === 'message' ? (
            <p>{outcome.message}</p>
          ) : (
            <div className="grid min-w-0 gap-2">
              <p className="font-medium">
                {t('notImported', { count: outcome.errors.length })}
              </p>
              <ul aria-label={t('problems')} className="grid max-h-60 list-disc gap-1 overflow-y-auto pl-5">
                {outcome.errors.slice(0, SHOWN_ERRORS).map((error, index) => (
                  <li key={index} className="break-words">
                    {describeImportError(error, t, words)}
                  </li>
                ))}
              </ul>
              {outcome.errors.length > SHOWN_ERRORS && <p>{t('more', { count: outcome.errors.length - SHOWN_ERRORS })}</p>}
            </div>
          )}
        </Alert>
      )}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('cancel')}</Button>
        </DialogClose>
        <Button type="submit" aria-disabled={pending} className="aria-disabled:opacity-60">
          <UploadIcon aria-hidden="true" />
          {pending ? t('importing') : t('import')}
        </Button>
      </DialogFooter>
    </form>
  );
}
