import { RecordFallback } from '@/components/ui/record-fallback';
import { paths } from '@/config/paths';
import { messages } from '@/lib/messages';

/** What the application pages show when the application did not load: not found, or a load error. */
export function ApplicationFallback({ query }: { query: { error: unknown; refetch: () => unknown } }) {
  return (
    <RecordFallback
      query={query}
      title={messages.applicationNotFound}
      description={messages.applicationUnavailable}
      backHref={paths.applications.list.getHref()}
    />
  );
}
