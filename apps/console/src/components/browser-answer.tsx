import { Badge } from '@/components/ui/badge';
import { JsonView } from '@/components/ui/json-view';
import type { BrowserRequestResult } from '@/lib/browser-request';

/** What a test tool's direct browser request got back: the HTTP status and body, or why it failed. */
export function BrowserAnswer({ result, testId }: { result: BrowserRequestResult; testId?: string }) {
  if (!result.ok) {
    return (
      <p className="text-sm text-destructive" data-testid={testId}>
        {result.error}
      </p>
    );
  }
  return (
    <div className="grid gap-2" data-testid={testId}>
      <Badge variant={result.status < 400 ? 'success' : 'error'}>
        HTTP {result.status} {result.statusText}
      </Badge>
      <JsonView value={result.body} emptyText="(sem corpo)" />
    </div>
  );
}
