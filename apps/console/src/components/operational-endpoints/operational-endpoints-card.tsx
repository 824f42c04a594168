import {
  OPERATIONAL_EVENT_TYPES,
  type OperationalEventType,
  ZCreateOperationalEndpointRequest,
} from '@wm/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCreateOperationalEndpoint } from './create-operational-endpoint';
import { useDeleteOperationalEndpoint } from './delete-operational-endpoint';
import { useOperationalEndpoints } from './get-operational-endpoints';

/** The types as a person reads them. */
const TYPE_LABELS: Record<OperationalEventType, string> = {
  'subscription.disabled': 'Assinatura desativada',
  'subscription.enabled': 'Assinatura reativada',
  'subscription.circuit_opened': 'Entregas suspensas',
  'subscription.circuit_closed': 'Entregas retomadas',
  'delivery.failed': 'Entregas falharam',
  'ingest.verification_failed': 'Remetente recusado na rota',
};

function CreateForm({
  applicationId,
  onCreated,
}: {
  applicationId?: string;
  onCreated: (secret: string) => void;
}) {
  const creating = useCreateOperationalEndpoint();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<OperationalEventType[]>([]);
  const [error, setError] = useState<string>();

  const toggle = (type: OperationalEventType, isChecked: boolean) =>
    setTypes((current) => (isChecked ? [...current, type] : current.filter((item) => item !== type)));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    // No type ticked: every type, as the API reads an absent list.
    const body = { url, eventTypes: types.length > 0 ? types : undefined, applicationId };
    const parsed = ZCreateOperationalEndpointRequest.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    creating.mutate(body, {
      onSuccess: (answer) => {
        setUrl('');
        setTypes([]);
        onCreated(answer.data.secret);
      },
    });
  };

  return (
    <form className="space-y-3" onSubmit={onSubmit}>
      <FormField label="URL" htmlFor="operational-endpoint-url" error={error}>
        <Input
          id="operational-endpoint-url"
          placeholder="https://exemplo.com/avisos"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
      </FormField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Tipos (nenhum marcado: todos)</legend>
        {OPERATIONAL_EVENT_TYPES.map((type) => (
          <div key={type} className="flex items-center gap-2">
            <Checkbox
              id={`operational-type-${type}`}
              checked={types.includes(type)}
              onCheckedChange={(checked) => toggle(type, checked === true)}
            />
            <Label htmlFor={`operational-type-${type}`}>{TYPE_LABELS[type]}</Label>
          </div>
        ))}
      </fieldset>
      <Button type="submit" disabled={creating.isPending}>
        <Plus />
        Adicionar webhook operacional
      </Button>
    </form>
  );
}

/**
 * 'Webhooks operacionais': endpoints that receive the operational events (the user's own, or with
 * applicationId the application's), with the signing secret shown once after a create.
 */
export function OperationalEndpointsCard({ applicationId }: { applicationId?: string }) {
  const endpoints = useOperationalEndpoints(applicationId ? { applicationId } : {});
  const removing = useDeleteOperationalEndpoint();
  const [secret, setSecret] = useState<string>();
  const rows = endpoints.data?.data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks operacionais</CardTitle>
        <CardDescription>
          {applicationId
            ? 'Endpoints que recebem os avisos das assinaturas e rotas desta aplicação.'
            : 'Endpoints que recebem os avisos das suas assinaturas.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {secret ? (
          <div className="space-y-1 rounded-md border p-3 text-sm" role="status">
            <p className="font-medium">Segredo de assinatura (mostrado só agora; guarde-o):</p>
            <div className="flex items-center gap-2">
              <code className="break-all">{secret}</code>
              <CopyButton value={secret} successDescription="Segredo copiado" />
            </div>
          </div>
        ) : null}
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum webhook operacional.</p>
        ) : (
          <ul className="divide-y text-sm">
            {rows.map((row) => (
              <li key={row.id} className="flex items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="truncate font-mono">{row.url}</p>
                  <p className="text-muted-foreground">
                    {row.eventTypes
                      ? row.eventTypes.map((type) => TYPE_LABELS[type]).join(', ')
                      : 'Todos os tipos'}
                  </p>
                </div>
                <ConfirmDialog
                  title="Excluir webhook operacional?"
                  description={`${row.url} deixará de receber avisos.`}
                  confirmLabel="Excluir"
                  isPending={removing.isPending}
                  onConfirm={() => removing.mutateAsync(row.id)}
                  trigger={
                    <Button variant="ghost" size="icon" aria-label={`Excluir ${row.url}`}>
                      <Trash2 />
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <CreateForm applicationId={applicationId} onCreated={setSecret} />
      </CardContent>
    </Card>
  );
}
