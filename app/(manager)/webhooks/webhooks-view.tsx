'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { PlusIcon, WebhookIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { ListSkeleton, LoadMore } from '@/components/ui/responsive-list';
import { TitledSection } from '@/components/ui/titled-section';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { AddEndpointDialog } from './add-endpoint-dialog';
import { DeleteEndpointDialog } from './delete-endpoint-dialog';
import { EditEndpointDialog } from './edit-endpoint-dialog';
import { EndpointCard } from './endpoint-card';
import type { EndpointDialogKind } from './endpoint-actions';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { SecretOnceAlert } from './secret-once-alert';
import { SignatureHelp } from './signature-help';
import type { ShownSecret, WebhookEndpoint } from './types';

const PAGE_SIZE = 20;

type Action = { kind: EndpointDialogKind; endpoint: WebhookEndpoint; key: number };
type PageNotice = { key: number; text: string; tone: 'success' | 'destructive' };

/** The tenant's webhook endpoints: add, pause, edit, rotate, test and delete them, and read their delivery logs. */
export function WebhooksView() {
  const words = useErrorWords();
  const t = useTranslations('Webhooks');
  const trpc = useTRPC();
  const list = useInfiniteQuery(trpc.webhooks.list.infiniteQueryOptions({ limit: PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
  const endpoints = list.data?.pages.flatMap((p) => p.data) ?? [];

  const [adding, setAdding] = useState(false);
  const addOpener = useRef<HTMLElement | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [actionOpen, setActionOpen] = useState(false);
  const [notice, setNotice] = useState<PageNotice | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const secretRef = useRef<HTMLDivElement>(null);

  const announce = (text: string, tone: PageNotice['tone'] = 'success') => setNotice({ key: Date.now(), text, tone });
  const showSecret = (endpoint: WebhookEndpoint & { secret: string }, rotated: boolean) => {
    setNotice(null);
    setSecret({
      key: Date.now(),
      endpointId: endpoint.id,
      url: endpoint.url,
      secret: endpoint.secret,
      rotated,
      previousSecretExpiresAt: endpoint.previousSecretExpiresAt,
    });
  };
  const startAction = (kind: EndpointDialogKind, endpoint: WebhookEndpoint) => {
    setAction((previous) => ({ kind, endpoint, key: (previous?.key ?? 0) + 1 }));
    setActionOpen(true);
  };
  const startAdding = (opener: HTMLElement) => {
    addOpener.current = opener;
    setAdding(true);
  };
  /** The endpoint's actions button: where the focus goes back when its dialog is cancelled. */
  const actionsButtonOf = (id: string) => document.querySelector<HTMLElement>(`[data-endpoint-actions="${CSS.escape(id)}"]`);
  const outcome = () => noticeRef.current ?? headingRef.current;

  let body: ReactNode;
  if (list.isPending) {
    body = <ListSkeleton label={t('loading')} rows={2} />;
  } else if (list.isError && endpoints.length === 0) {
    body = <LoadError what={t('loadWhat')} reason={describeError(list.error, words)} retry={() => void list.refetch()} />;
  } else if (endpoints.length === 0) {
    body = (
      <EmptyState
        icon={WebhookIcon}
        title={t('emptyTitle')}
        description={t('emptyText')}
      >
        <Button onClick={(event) => startAdding(event.currentTarget)}>
          <PlusIcon aria-hidden="true" />
          {t('addEndpoint')}
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul aria-labelledby="endpoints-heading" aria-busy={list.isFetching} className="grid min-w-0 gap-4">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="min-w-0">
              <EndpointCard endpoint={endpoint} loadedAt={list.dataUpdatedAt} onNotice={announce} onDialog={(kind) => startAction(kind, endpoint)} />
            </li>
          ))}
        </ul>
        <LoadMore query={list} failed={t('moreEndpoints')} />
      </>
    );
  }

  const target = action?.endpoint;
  const dialogProps = target && {
    endpoint: target,
    open: actionOpen,
    onOpenChange: setActionOpen,
    returnFocus: () => actionsButtonOf(target.id),
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={(event) => startAdding(event.currentTarget)} className="w-full sm:w-auto">
            <PlusIcon aria-hidden="true" />
            {t('addEndpoint')}
          </Button>
        }
      />

      <div className="grid min-w-0 gap-6">
        {secret && (
          <SecretOnceAlert
            key={secret.key}
            ref={secretRef}
            shown={secret}
            onDismiss={() => {
              setSecret(null);
              headingRef.current?.focus();
            }}
          />
        )}
        {notice && (
          <Notice key={notice.key} ref={noticeRef} tone={notice.tone} ring>
            {notice.text}
          </Notice>
        )}

        <TitledSection id="endpoints-heading" title={t('endpoints')} headingRef={headingRef}>
          {body}
        </TitledSection>

        <SignatureHelp />
      </div>

      <AddEndpointDialog
        open={adding}
        onOpenChange={setAdding}
        onAdded={(endpoint) => showSecret(endpoint, false)}
        returnFocus={() => addOpener.current}
        focusAfterAdded={() => secretRef.current}
      />
      {action?.kind === 'edit' && dialogProps && <EditEndpointDialog key={action.key} {...dialogProps} onSaved={(text) => announce(text)} focusAfterSaved={outcome} />}
      {action?.kind === 'rotate' && dialogProps && (
        <RotateSecretDialog key={action.key} {...dialogProps} onRotated={(endpoint) => showSecret(endpoint, true)} focusAfterRotated={() => secretRef.current} />
      )}
      {action?.kind === 'delete' && dialogProps && (
        <DeleteEndpointDialog
          key={action.key}
          {...dialogProps}
          onDeleted={(text) => {
            // The secret of an endpoint that is gone is no use to anyone.
            if (secret?.endpointId === dialogProps.endpoint.id) setSecret(null);
            announce(text);
          }}
          focusAfterDeleted={outcome}
        />
      )}
    </>
  );
}
