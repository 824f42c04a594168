import { useQueryClient } from '@tanstack/react-query';
import { Copy, Eye, EyeOff, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api-client';
import { copyWithToast } from '@/lib/clipboard';
import { truncateKey } from '@/lib/format';
import { messages } from '@/lib/messages';
import { apiKeyQueryOptions, useApiKey } from '../api/get-api-key';

/**
 * The key masked to its first 12 characters; callers who may edit can reveal,
 * hide and copy it (the full key is fetched on demand, GET /applications/{id}/api-key).
 */
export function ApiKeyField({
  applicationId,
  apiKeyPrefix,
  canReveal,
}: {
  applicationId: string;
  apiKeyPrefix: string;
  canReveal: boolean;
}) {
  const queryClient = useQueryClient();
  const [isRevealed, setIsRevealed] = useState(false);
  const revealed = useApiKey(applicationId, isRevealed);
  const fullKey = isRevealed ? revealed.data?.apiKey : undefined;

  const onToggle = () => {
    if (isRevealed) queryClient.removeQueries({ queryKey: apiKeyQueryOptions(applicationId).queryKey });
    setIsRevealed((value) => !value);
  };

  const onCopy = async () => {
    let key: string;
    try {
      key = fullKey ?? (await queryClient.fetchQuery(apiKeyQueryOptions(applicationId))).apiKey;
    } catch (error) {
      toastError(messages.copyFailed, error);
      return;
    }
    await copyWithToast(key, messages.apiKeyCopied);
  };

  return (
    <div className="flex min-w-0 items-center gap-1">
      <code className="truncate rounded bg-muted px-2 py-1 font-mono text-xs" data-testid="api-key">
        {fullKey ?? truncateKey(apiKeyPrefix)}
      </code>
      {canReveal ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={onToggle}
            aria-label={isRevealed ? 'Ocultar API Key' : 'Mostrar API Key'}
            title={isRevealed ? 'Ocultar API Key' : 'Mostrar API Key'}
          >
            {isRevealed && revealed.isFetching ? (
              <Loader2 className="animate-spin" />
            ) : isRevealed ? (
              <EyeOff />
            ) : (
              <Eye />
            )}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={onCopy}
            aria-label="Copiar API Key"
            title="Copiar API Key"
          >
            <Copy />
          </Button>
        </>
      ) : null}
    </div>
  );
}
