import type { TCallbackTestResult, TEvent } from '@wm/contracts';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { JsonView } from '@/components/ui/json-view';
import { toastError } from '@/lib/api-client';
import { useTestEventCallback } from '../api/test-event-callback';

/** Why the test cannot run for this event and user, or null when it can. */
function findCallbackTestBlocker(event: TEvent): string | null {
  if (!event.enableCallbacks || !event.callbackUrl) {
    return 'Callback não habilitado ou URL não configurada';
  }
  if (!event.permissions.canWrite) return 'Só quem pode editar o evento pode testar o callback.';
  return null;
}

/** What the callback answered, in one line: 'HTTP 200 em 12 ms', or the error of a failed send. */
function describeCallbackAnswer(result: TCallbackTestResult): string {
  const answer = result.httpStatusCode === null ? null : `HTTP ${result.httpStatusCode}`;
  if (result.success) return `${answer ?? 'Resposta recebida'} em ${result.durationMs} ms`;
  return [answer, result.error].filter(Boolean).join(': ') || 'Falha no envio';
}

/**
 * 'Testar Callback': the server sends a signed test report to the event's callback URL, as it sends
 * real ones (no CORS needed from the receiver), and the card shows what came back.
 */
export function CallbackTestCard({ event }: { event: TEvent }) {
  const test = useTestEventCallback();
  const blocker = findCallbackTestBlocker(event);

  const runTest = async () => {
    if (blocker) return;
    try {
      const result = await test.mutateAsync(event.id);
      if (result.success) toast.success('Teste enviado', { description: describeCallbackAnswer(result) });
      else toast.error('Erro no teste', { description: describeCallbackAnswer(result) });
    } catch (error) {
      toastError('Erro no teste', error);
    }
  };
  const result = test.data;

  return (
    <Card data-testid="callback-test">
      <CardHeader>
        <CardTitle>Teste de Callback</CardTitle>
        <CardDescription>
          O servidor envia um relatório de teste assinado para a URL de callback, como envia os reais.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {event.callbackUrl ? (
          <p className="break-all font-mono text-xs">{event.callbackUrl}</p>
        ) : (
          <p className="text-sm text-muted-foreground">Callback não configurado</p>
        )}
        <Button
          variant="outline"
          onClick={runTest}
          disabled={test.isPending || blocker !== null}
          title={blocker ?? undefined}
          aria-describedby={blocker ? 'callback-test-blocker' : undefined}
        >
          <Send />
          {test.isPending ? 'Enviando...' : 'Testar Callback'}
        </Button>
        {blocker ? (
          <p id="callback-test-blocker" className="text-xs text-muted-foreground">
            {blocker}
          </p>
        ) : null}
        {result ? (
          <div className="grid gap-2" data-testid="callback-result">
            <Badge variant={result.success ? 'success' : 'error'}>{describeCallbackAnswer(result)}</Badge>
            {result.responseBody ? <JsonView value={result.responseBody} emptyText="(sem corpo)" /> : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
