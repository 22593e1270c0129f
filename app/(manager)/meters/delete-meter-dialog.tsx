'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { useTRPC } from '@/lib/trpc/react';
import { describeError, errorCode } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { refreshBuildingMeters, type MeterDialogProps } from './building-meters';

/**
 * Deletes a meter set up by mistake. The server refuses (409) a meter with confirmed readings; its reason
 * stays in the dialog, with the way out: marking the meter replaced. Mounted per meter.
 */
export function DeleteMeterDialog({
  meter,
  label,
  open,
  onOpenChange,
  onDeleted,
  onMarkReplaced,
  focusAfterDelete,
  returnFocus,
}: MeterDialogProps & {
  onDeleted: (message: string) => void;
  /** Switches to the "Mark replaced" dialog for this meter. */
  onMarkReplaced: () => void;
  /** Where the focus goes once the meter (and its row) is gone. */
  focusAfterDelete: () => HTMLElement | null;
}) {
  const words = useErrorWords();
  const t = useTranslations('MeterDialogs');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.meters.delete.mutationOptions());
  const deleted = useRef(false);
  const switching = useRef(false);

  function confirm() {
    if (remove.isPending) return;
    const done = (message: string) => {
      deleted.current = true;
      void refreshBuildingMeters(queryClient, trpc, meter.buildingId);
      onDeleted(message);
      onOpenChange(false);
    };
    remove.mutate(
      { id: meter.id },
      {
        onSuccess: () => done(t('deleted', { serial: meter.serialNumber })),
        onError: (failure) => {
          if (errorCode(failure) === 'NOT_FOUND') done(t('alreadyDeleted', { serial: meter.serialNumber }));
        },
      },
    );
  }

  const refused = remove.isError && errorCode(remove.error) !== 'NOT_FOUND';
  const conflict = refused && errorCode(remove.error) === 'CONFLICT';

  return (
    <Dialog open={open} onOpenChange={(next) => (remove.isPending ? undefined : onOpenChange(next))}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Switching to "Mark replaced": that dialog takes the focus.
          if (switching.current) event.preventDefault();
        }}
        returnFocus={() => (deleted.current ? focusAfterDelete() : returnFocus())}
      >
        <DialogHeader>
          <DialogTitle>{t('deleteTitle', { serial: meter.serialNumber })}</DialogTitle>
          <DialogDescription>{t('deleteText', { label })}</DialogDescription>
        </DialogHeader>
        {refused && (
          <Alert variant="destructive" role="alert">
            <CircleAlertIcon aria-hidden="true" />
            <div className="grid gap-3">
              <p>
                {t('notDeleted')} {describeError(remove.error, words)}
              </p>
              {conflict && (
                <div>
                  <Button
                    variant="outline"
                    size="lg"
                    className="text-foreground sm:h-10 sm:px-4 sm:text-sm"
                    onClick={() => {
                      switching.current = true;
                      onMarkReplaced();
                    }}
                  >
                    {t('replaceInstead')}
                  </Button>
                </div>
              )}
            </div>
          </Alert>
        )}
        <DialogActions cancelLabel={t('keep')} label={t('delete')} pendingLabel={t('deleting')} pending={remove.isPending} onAction={confirm} destructive />
      </DialogContent>
    </Dialog>
  );
}
