import { getTranslations } from 'next-intl/server';
import { PageSkeleton } from '@/components/ui/skeleton';

export default async function ManagerLoading() {
  const t = await getTranslations('ManagerShell');
  return <PageSkeleton label={t('loading')} />;
}
