import { Skeleton } from '@/components/ui/skeleton';

export function PageFallback() {
  return (
    <div className="space-y-4 p-1" role="status" aria-label="Carregando">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
