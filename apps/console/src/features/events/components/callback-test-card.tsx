import { MASKED_SECRET, type TEvent } from '@wm/contracts';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { BrowserAnswer } from '@/components/browser-answer';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { authHeaders, type BrowserRequestResult, sendBrowserRequest } from '@/lib/browser-request';

/** Why the test cannot run for this event and user, or null when it can. */
function findCallbackTestBlocker(event: TEvent): string | null {
  if (!event.enableCallbacks || !event.callbackUrl) {
    return 'Callback não habilitado ou URL não configurada';
  }
  // A reader gets the credentials masked; sending the mask would only earn a 401 from the callback.
  const hasMaskedSecret = Object.values(event.callbackAuthDetails ?? {}).includes(MASKED_SECRET);
  if (!event.permissions.canWrite || hasMaskedSecret) {
    return 'Só quem pode editar o evento pode testar o callback.';
  }
  return null;
}

/** The browser itself (not the server) POSTs a test report to the event's callback URL and shows the answer. */
export function CallbackTestCard({ event }: { event: TEvent }) {
  const [result, setResult] = useState<BrowserRequestResult | null>(null);
  const [isSending, setIsSending] = useState(false);

  const blocker = findCallbackTestBlocker(event);

  const runTest = async () => {
    if (blocker || !event.callbackUrl) return;
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
        <Button
          variant="outline"
          onClick={runTest}
          disabled={isSending || blocker !== null}
          title={blocker ?? undefined}
          aria-describedby={blocker ? 'callback-test-blocker' : undefined}
        >
          <Send />
          {isSending ? 'Enviando...' : 'Testar Callback'}
        </Button>
        {blocker ? (
          <p id="callback-test-blocker" className="text-xs text-muted-foreground">
            {blocker}
          </p>
        ) : null}
        {result ? <BrowserAnswer result={result} testId="callback-result" /> : null}
      </CardContent>
    </Card>
  );
}
