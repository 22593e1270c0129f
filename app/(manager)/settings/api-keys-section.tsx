'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { ShownOnceSecret } from '@/components/shown-once-secret';
import { Notice } from '@/components/ui/notice';
import { RemoveDialog } from '@/components/ui/remove-dialog';
import { useTRPC } from '@/lib/trpc/react';
import { ApiKeyList, type ApiKey } from './api-key-list';
import { CreateApiKeyForm, type CreatedKey } from './create-api-key-form';
import { SettingsCard } from './settings-card';

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
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSettled: () => refreshList() }));

  function askToRevoke(key: ApiKey, trigger: HTMLElement) {
    revokeTrigger.current = trigger;
    setRevokeTarget(key);
    setRevokeOpen(true);
  }

  return (
    <SettingsCard
      icon={KeyRoundIcon}
      title="API keys"
      titleRef={headingRef}
      contentClassName="grid gap-6"
      description={
        <>
          Integrations such as an accounting system call the{' '}
          {/* A route handler, not a page: a plain link, no client-side navigation. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/api/docs" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
            REST API
          </a>{' '}
          with an API key in the header <code className="font-mono text-foreground">Authorization: Bearer pbk_…</code>{' '}
          A key acts for your organisation with the manager role until you revoke it.
        </>
      }
    >
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
      <RemoveDialog
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
      removal={revoke}
      send={(callbacks) => revokeTarget && revoke.mutate({ id: revokeTarget.id }, callbacks)}
      removedMessage={`The API key “${revokeTarget?.name}” has been revoked. Integrations that use it can no longer call the API.`}
      alreadyRemovedMessage={`The API key “${revokeTarget?.name}” had already been revoked.`}
      failure="The key could not be revoked."
      onRemoved={(message) => {
        setNotice(message);
        if (created?.id === revokeTarget?.id) setCreated(null);
        setRevokeOpen(false);
      }}
      // Revoked: its row and button are gone, so focus goes to the outcome. Cancelled: back to the button.
      focusAfterRemoved={() => noticeRef.current ?? headingRef.current}
      returnFocus={() => revokeTrigger.current}
      compact
      />
    </SettingsCard>
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
