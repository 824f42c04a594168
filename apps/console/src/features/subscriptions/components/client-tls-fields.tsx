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

/** One PEM text box, in monospace, registered on the surrounding form under `name`. */
function PemField({
  name,
  label,
  rows = 4,
  placeholder = PEM_PLACEHOLDER,
  autoComplete,
}: {
  name: string;
  label: string;
  rows?: number;
  placeholder?: string;
  autoComplete?: string;
}) {
  const { register } = useFormContext();
  return (
    <FormField label={label} name={name} htmlFor={name}>
      <Textarea
        id={name}
        rows={rows}
        className="font-mono text-xs"
        placeholder={placeholder}
        autoComplete={autoComplete}
        {...register(name)}
      />
    </FormField>
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
        <PemField name="clientTls.certificate" label="Certificado do cliente (PEM)" />
        <PemField
          name="clientTls.privateKey"
          label="Chave privada (PEM)"
          placeholder="-----BEGIN PRIVATE KEY-----"
          autoComplete="off"
        />
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
          <PemField name="clientTls.caBundle" label="Bundle de CA (opcional)" rows={2} />
        </div>
      </CardContent>
    </Card>
  );
}
