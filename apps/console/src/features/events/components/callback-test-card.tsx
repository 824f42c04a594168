import type { TEvent } from '@wm/contracts';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { BrowserAnswer } from '@/components/browser-answer';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { authHeaders, type BrowserRequestResult, sendBrowserRequest } from '@/lib/browser-request';

/** The browser itself (not the server) POSTs a test report to the event's callback URL and shows the answer. */
export function CallbackTestCard({ event }: { event: TEvent }) {
  const [result, setResult] = useState<BrowserRequestResult | null>(null);
  const [isSending, setIsSending] = useState(false);

  const runTest = async () => {
    if (!event.enableCallbacks || !event.callbackUrl) {
      toast.error('Callback não habilitado ou URL não configurada');
      return;
    }
    setIsSending(true);
    const response = await sendBrowserRequest(event.callbackUrl, {
      method: 'POST',
      headers: {
        'x-event-id': event.id,
        'x-event-name': event.name,
        'x-event-alias': event.alias,
        ...authHeaders(event.callbackAuthType, event.callbackAuthDetails),
      },
      body: {
        test: true,
        eventId: event.id,
        alias: event.alias,
        name: event.name,
        timestamp: new Date().toISOString(),
      },
    });
    setIsSending(false);
    setResult(response);
  };

  return (
    <Card data-testid="callback-test">
      <CardHeader>
        <CardTitle>Teste de Callback</CardTitle>
        <CardDescription>O navegador envia uma requisição de teste para a URL de callback.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {event.callbackUrl ? (
          <p className="break-all font-mono text-xs">{event.callbackUrl}</p>
        ) : (
          <p className="text-sm text-muted-foreground">Callback não configurado</p>
        )}
        <Button variant="outline" onClick={runTest} disabled={isSending}>
          <Send />
          {isSending ? 'Enviando...' : 'Testar Callback'}
        </Button>
        {result ? <BrowserAnswer result={result} testId="callback-result" /> : null}
      </CardContent>
    </Card>
  );
}
