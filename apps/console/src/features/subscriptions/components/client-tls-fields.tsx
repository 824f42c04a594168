import { isClientTlsExpiringSoon, type TClientTlsView } from '@wm/contracts';
import { useFormContext } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/lib/format';

const PEM_PLACEHOLDER = '-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----';

/** The saved certificate's subject and expiry, with a warning from 14 days before it expires. */
export function ClientTlsSummary({ clientTls, now = new Date() }: { clientTls: TClientTlsView; now?: Date }) {
  const isExpiring = isClientTlsExpiringSoon(clientTls.validTo, now);
  return (
    <div className="grid gap-1 text-sm" data-testid="client-tls-summary">
      <span className="break-all font-mono text-xs">{clientTls.subject}</span>
      <span>
        Válido até {formatDateTime(clientTls.validTo)}
        {clientTls.hasCaBundle ? ' · CA própria' : ''}
      </span>
      {isExpiring ? (
        <span role="alert" className="font-medium text-destructive">
          O certificado do cliente vence em menos de 14 dias: envie um novo para não interromper as entregas.
        </span>
      ) : null}
    </div>
  );
}

/** Mutual TLS inputs: a new certificate replaces the saved one; left empty, the saved one is kept. */
export function ClientTlsFields({ saved }: { saved?: TClientTlsView | null }) {
  const { register } = useFormContext();
  return (
    <Card>
      <CardHeader>
        <CardTitle>TLS mútuo (certificado do cliente)</CardTitle>
        <CardDescription>
          Para destinos que exigem certificado do cliente. PEM; a chave privada nunca é exibida depois de
          salva.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {saved ? <ClientTlsSummary clientTls={saved} /> : null}
        <FormField
          label="Certificado do cliente (PEM)"
          name="clientTls.certificate"
          htmlFor="clientTls.certificate"
        >
          <Textarea
            id="clientTls.certificate"
            rows={4}
            className="font-mono text-xs"
            placeholder={PEM_PLACEHOLDER}
            {...register('clientTls.certificate')}
          />
        </FormField>
        <FormField label="Chave privada (PEM)" name="clientTls.privateKey" htmlFor="clientTls.privateKey">
          <Textarea
            id="clientTls.privateKey"
            rows={4}
            className="font-mono text-xs"
            placeholder="-----BEGIN PRIVATE KEY-----"
            autoComplete="off"
            {...register('clientTls.privateKey')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Senha da chave (opcional)"
            name="clientTls.passphrase"
            htmlFor="clientTls.passphrase"
          >
            <Input
              id="clientTls.passphrase"
              type="password"
              autoComplete="off"
              {...register('clientTls.passphrase')}
            />
          </FormField>
          <FormField label="Bundle de CA (opcional)" name="clientTls.caBundle" htmlFor="clientTls.caBundle">
            <Textarea
              id="clientTls.caBundle"
              rows={2}
              className="font-mono text-xs"
              placeholder={PEM_PLACEHOLDER}
              {...register('clientTls.caBundle')}
            />
          </FormField>
        </div>
      </CardContent>
    </Card>
  );
}
