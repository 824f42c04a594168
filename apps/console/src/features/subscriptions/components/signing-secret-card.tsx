import { useState } from 'react';
import { SecretCard } from '@/components/secret-card';
import { useRotateSubscriptionSecret } from '../api/rotate-subscription-secret';

/** The Standard Webhooks secret that signs this subscription's deliveries. */
export function SigningSecretCard({ subscriptionId, secret }: { subscriptionId: string; secret: string }) {
  const [isRevealed, setIsRevealed] = useState(false);
  const rotation = useRotateSubscriptionSecret();
  return (
    <SecretCard
      testId="signing-secret"
      title="Segredo de Assinatura"
      description="Verifique o header webhook-signature (HMAC-SHA256, Standard Webhooks)."
      name="segredo de assinatura"
      value={secret}
      masked={`${secret.slice(0, 6)}${'•'.repeat(20)}`}
      isRevealed={isRevealed}
      onToggle={() => setIsRevealed(!isRevealed)}
      receiver="o receptor do webhook"
      onRotate={() => rotation.mutateAsync(subscriptionId)}
      isRotating={rotation.isPending}
    />
  );
}
