import { RotateCcw, ShieldAlert } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Button } from './button';
import { EmptyState } from './empty-state';

/** A list that failed to load says so (never an empty list) and offers to load it again. */
export function LoadErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={<ShieldAlert />}
      title={title}
      description={errorMessage(error)}
      action={
        <Button variant="outline" onClick={onRetry}>
          <RotateCcw />
          Tentar novamente
        </Button>
      }
    />
  );
}
