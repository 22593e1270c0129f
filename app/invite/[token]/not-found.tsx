import { getTranslations } from 'next-intl/server';
import { AuthFrame } from '@/components/shell/auth-frame';
import { Alert } from '@/components/ui/alert';

/** A used, cancelled or expired invitation link: 404 with what to do next. */
export default async function InvitationNotFound() {
  const t = await getTranslations('InvitePage');
  return (
    <AuthFrame title={t('title')}>
      <Alert variant="destructive" role="alert">
        {t('notValid')}
      </Alert>
    </AuthFrame>
  );
}
