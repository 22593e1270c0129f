import { Skeleton } from '@/components/ui/skeleton';

export default function PortalLoading() {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
