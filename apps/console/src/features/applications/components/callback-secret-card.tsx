import { useState } from 'react';
import { SecretCard } from '@/components/secret-card';
import { useCallbackSecret } from '../api/get-callback-secret';
import { useRotateCallbackSecret } from '../api/rotate-callback-secret';

/** The secret that signs this application's event callbacks, fetched only when revealed. */
export function CallbackSecretCard({ applicationId }: { applicationId: string }) {
  const [isRevealed, setIsRevealed] = useState(false);
  const revealed = useCallbackSecret(applicationId, isRevealed);
  const rotation = useRotateCallbackSecret(applicationId);
  return (
    <SecretCard
      testId="callback-secret"
      title="Segredo de callback"
      description="Assina os callbacks dos eventos desta aplicação (headers webhook-id, webhook-timestamp e webhook-signature, Standard Webhooks). Verifique-os com verifyWebhook do SDK."
      name="segredo de callback"
      value={isRevealed ? revealed.data?.secret : undefined}
      masked={`whsec_${'•'.repeat(20)}`}
      isRevealed={isRevealed}
      isLoading={revealed.isFetching}
      onToggle={() => setIsRevealed(!isRevealed)}
      receiver="o receptor dos callbacks"
      onRotate={() => rotation.mutateAsync()}
      isRotating={rotation.isPending}
    />
  );
}
