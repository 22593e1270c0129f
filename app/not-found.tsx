import { FileQuestionIcon } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default async function NotFound() {
  const t = await getTranslations('Shell');
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center px-4 py-12">
      <EmptyState
        icon={FileQuestionIcon}
        title={t('notFound.title')}
        titleAs="h1"
        description={t('notFound.description')}
      >
        <Button asChild>
          <Link href="/">{t('notFound.home')}</Link>
        </Button>
      </EmptyState>
    </main>
  );
}
