import { Globe } from 'lucide-react';

const PUBLIC_EVENT_NOTICE = 'Eventos públicos podem ser assinados por qualquer usuário';

/**
 * A PUBLIC event may be subscribed to by anyone signed in, by design: the event screen says so to its
 * owners, and the subscription form tells the subscriber whose the subscription is and what it sends.
 */
export function PublicEventNotice({ audience }: { audience: 'owner' | 'subscriber' }) {
  return (
    <p
      className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm"
      data-testid="public-event-notice"
    >
      <Globe className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        {PUBLIC_EVENT_NOTICE}
        {audience === 'owner'
          ? ': quem assina recebe os dados de cada emissão deste evento na URL que escolher.'
          : '. Esta assinatura é sua: os dados de cada emissão deste evento serão enviados para a sua URL de destino.'}
      </span>
    </p>
  );
}
