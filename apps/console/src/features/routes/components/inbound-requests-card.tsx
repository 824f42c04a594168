import type { TInboundRequest, TRouteDetail } from '@wm/contracts';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { PagedQueryTable } from '@/components/paged-query-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { Column } from '@/components/ui/table';
import { formatDateTimeSeconds } from '@/lib/format';
import { useInboundRequests } from '../api/get-inbound-requests';
import { InboundStatusBadge, VerificationBadge } from './inbound-request-badges';
import { InboundRequestDialog } from './inbound-request-dialog';

/** How often an open tab asks for requests that arrived since. */
const REFRESH_MS = 5_000;

/** The route's received requests, newest first, 20 a page; each opens its detail. */
export function InboundRequestsCard({ route }: { route: TRouteDetail }) {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useInboundRequests(route.id, page, REFRESH_MS);
  const columns: Column<TInboundRequest>[] = [
    { header: 'Recebida em', cell: (request) => formatDateTimeSeconds(request.createdAt) },
    { header: 'Status', cell: (request) => <InboundStatusBadge status={request.status} /> },
    { header: 'Verificação', cell: (request) => <VerificationBadge request={request} /> },
    {
      header: 'Tipo de evento',
      cell: (request) =>
        request.eventType ? (
          <code className="text-xs">{request.eventType}</code>
        ) : (
          <span className="text-muted-foreground">-</span>
        ),
    },
    { header: 'Tamanho', cell: (request) => `${request.sizeBytes} B` },
    {
      header: 'Ações',
      isActions: true,
      cell: (request) => (
        <Button variant="ghost" size="sm" onClick={() => setOpenId(request.id)} aria-label="Ver requisição">
          <Eye />
          Detalhes
        </Button>
      ),
    },
  ];
  return (
    <Card data-testid="inbound-requests">
      <CardHeader>
        <CardTitle>Requisições recebidas</CardTitle>
        <CardDescription>
          Toda requisição que chegou à URL com o método da rota: verificada ou por que não, e o que ela gerou.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PagedQueryTable
          query={query}
          errorTitle="Não foi possível carregar as requisições recebidas"
          columns={columns}
          getRowKey={(request) => request.id}
          empty={
            <EmptyState
              title="Nenhuma requisição recebida"
              description="Cadastre a URL de recebimento no remetente ou envie o exemplo com curl."
            />
          }
          page={page}
          onPageChange={setPage}
        />
      </CardContent>
      <InboundRequestDialog id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
