import { PageSkeleton } from '@/components/ui/skeleton';

export default function ManagerLoading() {
  return <PageSkeleton label="Loading…" />;
}
