import type { TIntegrationPayload } from '@wm/contracts';
import { FileJson, ShieldAlert } from 'lucide-react';
import { CopyCodeButton } from '@/components/integration-code/copy-code-button';
import { EmptyState } from '@/components/ui/empty-state';
import { JsonView } from '@/components/ui/json-view';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';

type PayloadQuery = { data?: TIntegrationPayload; isPending: boolean; isError: boolean; error: unknown };

/** The example envelope the code posts, with a copy action, and the route's available fields. */
export function PayloadPanel({ query }: { query: PayloadQuery }) {
  if (query.isPending) return <Skeleton className="h-72 w-full" data-testid="payload-skeleton" />;
  if (query.isError) {
    return (
      <EmptyState
        icon={<ShieldAlert />}
        title={`Erro ao carregar payload: ${errorMessage(query.error)}`}
        className="rounded-md border border-destructive/40"
      />
    );
  }
  const { payload, fields = [] } = query.data ?? {};
  const json = payload ? JSON.stringify(payload, null, 2) : '';
  return (
    <div className="grid gap-4" data-testid="integration-payload">
      {payload ? (
        <div className="grid gap-2">
          <div className="flex justify-end">
            <CopyCodeButton text={json} label="Copiar payload" />
          </div>
          <JsonView value={payload} className="max-h-[32rem]" />
        </div>
      ) : (
        <EmptyState
          icon={<FileJson />}
          title="Nenhum payload disponível"
          description="Crie um tipo de evento ativo nesta rota para gerar o payload de exemplo."
        />
      )}
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">Campos disponíveis</h3>
        {fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum campo ativo nesta rota.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead>Caminho</TableHead>
                <TableHead>Tipo</TableHead>
                <TableHead>Descrição</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {fields.map((field) => (
                <TableRow key={field.id}>
                  <TableCell>{field.name}</TableCell>
                  <TableCell className="font-mono text-xs">{field.path}</TableCell>
                  <TableCell>{field.type}</TableCell>
                  <TableCell className="text-muted-foreground">{field.description ?? '-'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </div>
  );
}
