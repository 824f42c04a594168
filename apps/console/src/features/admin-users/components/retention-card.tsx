import { RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, ZUpdateRetentionRequest } from '@wm/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api-client';
import { useRetention, useUpdateRetention } from '@/lib/retention';

/** The retention period of the logs, for every process sharing the database (admins only). */
export function RetentionCard() {
  const retention = useRetention();
  const updateRetention = useUpdateRetention();
  // Empty until typed: the field shows the stored period and starts editing from it.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const value = typed ?? (retention.data ? String(retention.data.days) : '');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZUpdateRetentionRequest.safeParse({ days: value === '' ? undefined : Number(value) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await updateRetention.mutateAsync(parsed.data);
      setTyped(null);
      toast.success('Retenção atualizada', {
        description: `Registros mantidos por ${parsed.data.days} dias.`,
      });
    } catch (caught) {
      toastError('Erro ao atualizar retenção', caught);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Retenção de registros</CardTitle>
        <CardDescription>
          Logs de entregas, tentativas, log de eventos, execuções de regras e requisições recebidas mais
          antigos que o período são removidos a cada hora. Entregas e eventos ainda em andamento são mantidos
          até terminarem.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
          <FormField
            label="Dias de retenção"
            htmlFor="retention-days"
            error={error}
            description={`De ${RETENTION_MIN_DAYS} a ${RETENTION_MAX_DAYS} dias.`}
          >
            <Input
              id="retention-days"
              type="number"
              inputMode="numeric"
              min={RETENTION_MIN_DAYS}
              max={RETENTION_MAX_DAYS}
              className="w-32"
              value={value}
              disabled={retention.isPending}
              onChange={(event) => setTyped(event.target.value)}
            />
          </FormField>
          <Button type="submit" disabled={updateRetention.isPending || retention.isPending}>
            {updateRetention.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
