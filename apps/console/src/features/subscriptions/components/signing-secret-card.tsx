import type { SubscriptionAuthType } from '@wm/contracts';
import { useState } from 'react';
import { SecretCard } from '@/components/secret-card';
import { useRotateSubscriptionSecret } from '../api/rotate-subscription-secret';
import { describeReceiverChecks } from '../lib/receiver-checks';

/**
 * The Standard Webhooks secret that signs this subscription's deliveries, and how its receiver
 * verifies them (the signature, then what the auth type and a client certificate add).
 */
export function SigningSecretCard({
  subscriptionId,
  secret,
  authType,
  hasClientTls,
}: {
  subscriptionId: string;
  secret: string;
  authType: SubscriptionAuthType;
  hasClientTls: boolean;
}) {
  const [isRevealed, setIsRevealed] = useState(false);
  const rotation = useRotateSubscriptionSecret();
  return (
    <SecretCard
      testId="signing-secret"
      title="Segredo de Assinatura"
      description={describeReceiverChecks(authType, hasClientTls).map((check) => (
        <span key={check} className="block">
          {check}
        </span>
      ))}
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
