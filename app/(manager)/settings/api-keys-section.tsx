'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
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
  const t = useTranslations('Settings');
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
      title={t('apiKeys.title')}
      titleRef={headingRef}
      contentClassName="grid gap-6"
      description={t.rich('apiKeys.description', {
        header: 'Authorization: Bearer pbk_…',
        code: (chunks) => <code className="font-mono text-foreground">{chunks}</code>,
        link: (chunks) => (
          // A route handler, not a page: a plain link, no client-side navigation.
          // eslint-disable-next-line @next/next/no-html-link-for-pages
          <a href="/api/docs" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
            {chunks}
          </a>
        ),
      })}
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
      title={t('apiKeys.revokeTitle', { name: revokeTarget?.name ?? '' })}
      description={t.rich('apiKeys.revokeText', {
        prefix: `${revokeTarget?.prefix ?? ''}…`,
        code: (chunks) => <code className="font-mono text-foreground">{chunks}</code>,
      })}
      keepLabel={t('apiKeys.cancel')}
      confirmLabel={t('apiKeys.revokeConfirm')}
      pendingLabel={t('apiKeys.revoking')}
      removal={revoke}
      send={(callbacks) => revokeTarget && revoke.mutate({ id: revokeTarget.id }, callbacks)}
      removedMessage={t('apiKeys.revoked', { name: revokeTarget?.name ?? '' })}
      alreadyRemovedMessage={t('apiKeys.alreadyRevoked', { name: revokeTarget?.name ?? '' })}
      failure={t('apiKeys.revokeFailed')}
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
  const t = useTranslations('Settings');
  const alertRef = useRef<HTMLDivElement>(null);
  return (
    <ShownOnceSecret
      ref={alertRef}
      heading={t('apiKeys.createdHeading', { name: created.name })}
      description={t('apiKeys.createdText')}
      field={{ id: 'new-api-key', label: t('apiKeys.yourNewKey') }}
      value={created.key}
      noun="key"
      onDismiss={onDismiss}
    />
  );
}
