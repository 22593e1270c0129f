'use client';

import { CircleAlertIcon, UploadIcon } from 'lucide-react';
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

/** The server's limit (app/api/buildings/[id]/apartments/import). */
const MAX_BYTES = 2 * 1024 * 1024;
const SHOWN_ERRORS = 50;

export type ImportResult = { created: number; updated: number };
type ImportError = { path?: string; message: string; row?: number; column?: string };

/** "Row 3, area: must be greater than 0"; a problem of the whole file has no row. */
export function describeImportError(error: ImportError): string {
  if (error.row && error.column) return `Row ${error.row}, ${error.column}: ${error.message}`;
  if (error.row) return `Row ${error.row}: ${error.message}`;
  return error.message;
}

type Outcome = { kind: 'rows'; errors: ImportError[] } | { kind: 'message'; message: string };

async function postCsv(buildingId: string, file: File): Promise<{ ok: true; result: ImportResult } | { ok: false; outcome: Outcome }> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    // The session cookie authenticates the request, as it does for tRPC.
    response = await fetch(`/api/buildings/${encodeURIComponent(buildingId)}/apartments/import`, { method: 'POST', body });
  } catch {
    return { ok: false, outcome: { kind: 'message', message: 'The server could not be reached. Check your connection and try again.' } };
  }
  const json = (await response.json().catch(() => null)) as {
    data?: ImportResult;
    error?: { message?: string };
    errors?: ImportError[];
  } | null;
  if (response.ok && json?.data) return { ok: true, result: json.data };
  if (response.status === 422 && json?.errors?.length) return { ok: false, outcome: { kind: 'rows', errors: json.errors } };
  const message =
    response.status === 401
      ? 'Your session has ended. Sign in again to continue.'
      : response.status === 413
        ? 'The file is larger than 2 MB.'
        : response.status === 429
          ? 'Too many requests. Wait a minute and try again.'
          : response.status === 404
            ? 'The building no longer exists.'
            : json?.error?.message
              ? `The file could not be imported: ${json.error.message}.`
              : 'The file could not be imported. Try again in a moment.';
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
          Import CSV
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
          <DialogTitle>Import apartments from CSV</DialogTitle>
          <DialogDescription>
            The first row names the columns: <code className="font-mono text-foreground">number,floor,area,rooms,residentsCount</code>.
            Number and area are required. Apartments whose number the building already has are updated; the file is
            imported whole or not at all.
          </DialogDescription>
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
      setFieldError('Choose a CSV file.');
      inputRef.current?.focus();
      return;
    }
    if (file.size > MAX_BYTES) {
      setFieldError('The file is larger than 2 MB.');
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setPending(true);
    const answer = await postCsv(buildingId, file);
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
      <FormField label="CSV file" error={fieldError ?? undefined} description="Up to 2 MB, UTF-8; a comma or a point as the decimal mark.">
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
                The file was not imported; nothing was changed. Fix{' '}
                {outcome.errors.length === 1 ? 'this problem' : `these ${outcome.errors.length} problems`} and try again:
              </p>
              <ul aria-label="Problems in the file" className="grid max-h-60 list-disc gap-1 overflow-y-auto pl-5">
                {outcome.errors.slice(0, SHOWN_ERRORS).map((error, index) => (
                  <li key={index} className="break-words">
                    {describeImportError(error)}
                  </li>
                ))}
              </ul>
              {outcome.errors.length > SHOWN_ERRORS && <p>…and {outcome.errors.length - SHOWN_ERRORS} more.</p>}
            </div>
          )}
        </Alert>
      )}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" aria-disabled={pending} className="aria-disabled:opacity-60">
          <UploadIcon aria-hidden="true" />
          {pending ? 'Importing…' : 'Import'}
        </Button>
      </DialogFooter>
    </form>
  );
}
