import { FileQuestionIcon } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center px-4 py-12">
      <EmptyState
        icon={FileQuestionIcon}
        title="Page not found"
        titleAs="h1"
        description="The address may be mistyped, or the page may have moved or been removed."
      >
        <Button asChild>
          <Link href="/">Go to the start page</Link>
        </Button>
      </EmptyState>
    </main>
  );
}
