'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { ShownOnceSecret } from '@/components/shown-once-secret';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { Notice } from '@/components/ui/notice';
import { useTRPC } from '@/lib/trpc/react';
import { formatDateTime } from '@/lib/format';
import { asSentence, describeError, errorCode, fieldErrors } from '@/lib/trpc/errors';

/** The server's limit on a key's name (server/api/routers/api-keys). */
const MAX_NAME_LENGTH = 100;

type ApiKey = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null };
type CreatedKey = { id: string; name: string; key: string };

/** The API keys of the tenant: create (the key is shown once), list, revoke. */
export function ApiKeysSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });

  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The key being revoked stays set while the dialog animates closed, so its text does not blank out.
  const [revokeOpen, setRevokeOpen] = useState(false);
  const [revokeTarget, setRevokeTarget] = useState<ApiKey | null>(null);
  const revokeTrigger = useRef<HTMLElement | null>(null);
  const revoked = useRef(false);

  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSettled: () => refreshList() }));

  function confirmRevoke() {
    const target = revokeTarget;
    if (!target || revoke.isPending) return;
    const done = (message: string) => {
      revoked.current = true;
      setNotice(message);
      if (created?.id === target.id) setCreated(null);
      setRevokeOpen(false);
    };
    revoke.mutate(
      { id: target.id },
      {
        onSuccess: () =>
          done(`The API key “${target.name}” has been revoked. Integrations that use it can no longer call the API.`),
        onError: (error) => {
          // Revoked meanwhile (another tab, the REST API): the outcome is the one asked for.
          if (errorCode(error) === 'NOT_FOUND') done(`The API key “${target.name}” had already been revoked.`);
        },
      },
    );
  }

  function askToRevoke(key: ApiKey, trigger: HTMLElement) {
    revokeTrigger.current = trigger;
    revoked.current = false;
    revoke.reset();
    setRevokeTarget(key);
    setRevokeOpen(true);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={headingRef} tabIndex={-1} className="flex items-center gap-2 focus-visible:outline-none">
          <KeyRoundIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          API keys
        </CardTitle>
        <CardDescription>
          Integrations such as an accounting system call the{' '}
          {/* A route handler, not a page: a plain link, no client-side navigation. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/api/docs" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
            REST API
          </a>{' '}
          with an API key in the header <code className="font-mono text-foreground">Authorization: Bearer pbk_…</code>{' '}
          A key acts for your organisation with the manager role until you revoke it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CreateApiKeyForm
          onCreated={(key) => {
            setNotice(null);
            setCreated(key);
            void refreshList();
          }}
        />

        {created && <NewKeyAlert key={created.id} created={created} onDismiss={() => setCreated(null)} />}

        {notice && (
          <Notice ref={noticeRef}>{notice}</Notice>
        )}

        <ApiKeyList newKeyId={created?.id} onRevoke={askToRevoke} />
      </CardContent>

      <ConfirmDialog
        open={revokeOpen}
        onOpenChange={setRevokeOpen}
        title={`Revoke the API key “${revokeTarget?.name ?? ''}”?`}
        description={
          <>
            The key <code className="font-mono text-foreground">{revokeTarget?.prefix}…</code> stops working at once:
            every integration that uses it loses access to the API. This cannot be undone.
          </>
        }
        keepLabel="Cancel"
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.isError && errorCode(revoke.error) !== 'NOT_FOUND' ? `The key could not be revoked. ${describeError(revoke.error)}` : null}
        onConfirm={confirmRevoke}
        // Revoked: its row and button are gone, so focus goes to the outcome. Cancelled: back to the button.
        returnFocus={() => (revoked.current ? (noticeRef.current ?? headingRef.current) : revokeTrigger.current)}
        compact
      />
    </Card>
  );
}

function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedKey) => void }) {
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const create = useMutation(trpc.apiKeys.create.mutationOptions());

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const trimmed = name.trim();
    const problem = !trimmed
      ? 'Enter a name for the key.'
      : trimmed.length > MAX_NAME_LENGTH
        ? `Use at most ${MAX_NAME_LENGTH} characters.`
        : null;
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    create.mutate(
      { name: trimmed },
      {
        onSuccess: ({ data }) => {
          setName('');
          onCreated({ id: data.id, name: data.name, key: data.key });
        },
        onError: (failure) => {
          const nameError = fieldErrors(failure).find((e) => e.path === 'name');
          if (nameError) {
            setError(asSentence(nameError.message));
            inputRef.current?.focus();
          } else {
            setFormError(`The key could not be created. ${describeError(failure)}`);
          }
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      {!create.isPending && formError && <ErrorAlert>{formError}</ErrorAlert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField
          label="Key name"
          description="Who or what uses the key, e.g. “Accounting export”."
          error={error ?? undefined}
          className="min-w-0 flex-1 sm:max-w-md"
        >
          <Input
            ref={inputRef}
            name="name"
            required
            autoComplete="off"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (error) setError(null);
            }}
          />
        </FormField>
        {/* Lined up with the input: the label above it is 14px high plus an 8px gap. */}
        <Button
          type="submit"
          aria-disabled={create.isPending}
          className="w-full aria-disabled:opacity-60 sm:mt-[22px] sm:h-11 sm:w-auto"
        >
          <PlusIcon aria-hidden="true" />
          {create.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}

/** The whole key, this once: the server keeps only its hash. */
function NewKeyAlert({ created, onDismiss }: { created: CreatedKey; onDismiss: () => void }) {
  const alertRef = useRef<HTMLDivElement>(null);
  return (
    <ShownOnceSecret
      ref={alertRef}
      heading={<>API key “{created.name}” created</>}
      description="Copy the key now and store it somewhere safe. It will not be shown again."
      field={{ id: 'new-api-key', label: 'Your new API key' }}
      value={created.key}
      noun="key"
      onDismiss={onDismiss}
    />
  );
}

function ApiKeyList({ newKeyId, onRevoke }: { newKeyId?: string; onRevoke: (key: ApiKey, trigger: HTMLElement) => void }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.apiKeys.list.queryOptions());

  if (list.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading API keys…
      </p>
    );
  }
  if (list.isError) {
    return (
      <LoadError what="The API keys" reason={describeError(list.error)} retry={() => void list.refetch()} />
    );
  }

  const keys = list.data.data;
  if (keys.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        No API keys yet. Create one above when an integration needs access.
      </p>
    );
  }

  const revokeButton = (key: ApiKey) => (
    <Button variant="outline" size="sm" onClick={(event) => onRevoke(key, event.currentTarget)}>
      Revoke<span className="sr-only"> {key.name}</span>
    </Button>
  );
  const newBadge = (key: ApiKey) => key.id === newKeyId && <Badge variant="success">New</Badge>;
  const prefix = (key: ApiKey) => <code className="font-mono text-sm">{key.prefix}…</code>;
  const date = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
  const lastUsed = (key: ApiKey) =>
    key.lastUsedAt ? date(key.lastUsedAt) : <span className="text-muted-foreground">Never</span>;

  // Tablets and wider a table, phones one card per key.
  return (
    <ResponsiveList
      items={keys}
      from="sm"
      listLabel="API keys"
      caption="API keys of your organisation, newest first"
      columns={[
        {
          header: 'Name',
          cellClassName: 'max-w-64 font-medium',
          cell: (key) => (
            <>
              <span className="wrap-break-word">{key.name}</span> {newBadge(key)}
            </>
          ),
        },
        { header: 'Key', cellClassName: 'whitespace-nowrap', cell: prefix },
        { header: 'Created', cellClassName: 'whitespace-nowrap', cell: (key) => date(key.createdAt) },
        { header: 'Last used', cellClassName: 'whitespace-nowrap', cell: lastUsed },
        { header: <span className="sr-only">Actions</span>, cellClassName: 'text-right', cell: revokeButton },
      ]}
      cardClassName="grid gap-3 p-4"
      card={(key) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <p className="font-medium wrap-break-word">
                {key.name} {newBadge(key)}
              </p>
              {prefix(key)}
            </div>
            {revokeButton(key)}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Created</dt>
            <dd>{date(key.createdAt)}</dd>
            <dt className="text-muted-foreground">Last used</dt>
            <dd>{lastUsed(key)}</dd>
          </dl>
        </>
      )}
    />
  );
}
