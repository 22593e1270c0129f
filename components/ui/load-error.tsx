import { CircleAlertIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useErrorText } from '@/lib/error-text';
import { Alert } from './alert';
import { Button } from './button';

/** "The readings could not be loaded. <why>" with a button to try again. */
export function LoadError({ what, reason, error, retry }: { what: string; reason?: string; error?: unknown; retry: () => void }) {
  const t = useTranslations('Ui');
  const errorText = useErrorText();
  reason ??= errorText(error);
  return (
    <Alert variant="destructive" role="alert" className="items-start">
      <CircleAlertIcon aria-hidden="true" />
      <div className="grid gap-2">
        <p>{t('couldNotLoad', { what, reason })}</p>
        <div>
          <Button variant="outline" size="sm" onClick={retry}>
            {t('tryAgain')}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
