import type { TRouteDetail } from '@wm/contracts';
import { InboundRequestsCard } from './inbound-requests-card';
import { IngestSampleCard } from './ingest-sample-card';
import { IngestSettingsCard } from './ingest-settings-card';
import { IngestUrlCard } from './ingest-url-card';

/** 'Recebimento': where senders post, how they are checked, an example, and what arrived. */
export function RouteIngest({ route }: { route: TRouteDetail }) {
  return (
    <div className="grid gap-6" data-testid="route-ingest">
      <IngestUrlCard route={route} />
      <IngestSettingsCard route={route} />
      <IngestSampleCard route={route} />
      <InboundRequestsCard route={route} />
    </div>
  );
}
