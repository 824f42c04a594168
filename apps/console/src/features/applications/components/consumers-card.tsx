import { Link2, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from '@/components/ui/table';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/api-client';
import { useCreatePortalSession } from '../api/create-portal-session';
import { useConsumers } from '../api/get-consumers';

/** Healthy, or how many of the consumer's endpoints have their circuit open (deliveries wait). */
function ConsumerHealth({ openCircuits }: { openCircuits: number }) {
  if (openCircuits === 0) return <Badge variant="success">Saudável</Badge>;
  return (
    <Badge variant="error">
      {openCircuits === 1 ? '1 circuito aberto' : `${openCircuits} circuitos abertos`}
    </Badge>
  );
}

/**
 * The application's consumers (its customers who own subscriptions), with their subscription count
 * and health; a writer opens a portal link for one and copies it.
 */
export function ConsumersCard({ applicationId }: { applicationId: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const consumers = useConsumers(applicationId, { page, search: search.trim() || undefined });
  const session = useCreatePortalSession(applicationId);
  const [link, setLink] = useState<{ consumerId: string; url: string } | null>(null);

  async function openPortal(consumerId: string) {
    try {
      const answer = await session.mutateAsync(consumerId);
      setLink({ consumerId, url: answer.data.url });
    } catch (error) {
      toastError('Erro ao criar a sessão do portal', error);
    }
  }

  const rows = consumers.data?.data ?? [];
  return (
    <Card data-testid="consumers-card">
      <CardHeader>
        <CardTitle>Consumidores</CardTitle>
        <CardDescription>
          Clientes da sua aplicação com assinaturas próprias. Gere um link do portal para que cada um gerencie
          os seus endpoints.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <SearchInput
          aria-label="Buscar consumidor"
          placeholder="Buscar consumidor"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        {link ? (
          <div className="grid gap-2 rounded-md border p-3" data-testid="portal-link">
            <p className="text-sm">
              Link do portal de <strong>{link.consumerId}</strong> (válido por 60 minutos, mostrado só agora):
            </p>
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 break-all text-xs">{link.url}</code>
              <CopyButton value={link.url} label="Copiar link" successDescription="Link do portal copiado" />
            </div>
          </div>
        ) : null}
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Consumidor</TableHead>
              <TableHead>Assinaturas</TableHead>
              <TableHead>Saúde</TableHead>
              <TableHead className="text-right">Portal</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {consumers.isPending ? (
              <TableSkeletonRows columns={4} rows={3} />
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="text-muted-foreground">
                  Nenhum consumidor ainda: crie assinaturas com a chave de API em /v1/applications/{'{id}'}
                  /consumers/{'{consumerId}'}/subscriptions.
                </TableCell>
              </TableRow>
            ) : (
              rows.map((consumer) => (
                <TableRow key={consumer.consumerId}>
                  <TableCell className="break-all font-mono text-xs">
                    <Link
                      to={paths.subscriptions.list.getHref({ consumerId: consumer.consumerId })}
                      className="hover:underline"
                    >
                      {consumer.consumerId}
                    </Link>
                  </TableCell>
                  <TableCell>{consumer.subscriptionCount}</TableCell>
                  <TableCell>
                    <ConsumerHealth openCircuits={consumer.openCircuits} />
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={session.isPending}
                      onClick={() => void openPortal(consumer.consumerId)}
                    >
                      {session.isPending && session.variables === consumer.consumerId ? (
                        <Loader2 className="animate-spin" />
                      ) : (
                        <Link2 />
                      )}
                      Link do portal
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        <Pager page={page} totalPages={consumers.data?.pagination.totalPages ?? 1} onPageChange={setPage} />
      </CardContent>
    </Card>
  );
}
