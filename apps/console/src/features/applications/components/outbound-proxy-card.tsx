import { zodResolver } from '@hookform/resolvers/zod';
import {
  MASKED_PROXY_PASSWORD,
  type TApplicationDetail,
  type TOutboundProxy,
  type TOutboundProxyForm,
  ZOutboundProxy,
} from '@wm/contracts';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toastError } from '@/lib/api-client';
import { useUpdateApplication } from '../api/update-application';
import { LinesListField } from './lines-list-field';

type ProxyFields = NonNullable<TOutboundProxyForm>;
type ProxyValues = NonNullable<TOutboundProxy>;

/** The application's own proxy as the API checks it; switched off, the form sends null (the global one). */
const ZOwnProxy = ZOutboundProxy.unwrap();

/**
 * 'Proxy de saída': the application's deliveries, callbacks, tests and OAuth2 token requests leave
 * through its own proxy instead of the server's. The password stays write-only: the URL comes back
 * with it as MASKED_PROXY_PASSWORD, and saving that mask keeps the stored password.
 */
export function OutboundProxyCard({ application }: { application: TApplicationDetail }) {
  const update = useUpdateApplication();
  const saved = application.outboundProxy;
  const [isOwn, setIsOwn] = useState(saved !== null);
  const form = useForm<ProxyFields, unknown, ProxyValues>({
    resolver: zodResolver(ZOwnProxy),
    defaultValues: { url: saved?.url ?? '', exclude: saved?.exclude ?? [] },
  });
  const { errors } = form.formState;
  const hasSavedPassword = saved?.url.includes(MASKED_PROXY_PASSWORD) ?? false;

  const save = async (outboundProxy: TOutboundProxy) => {
    try {
      await update.mutateAsync({ id: application.id, input: { outboundProxy } });
      toast.success('Proxy de saída atualizado', {
        description: outboundProxy
          ? 'As próximas entregas desta aplicação saem por ele.'
          : 'As próximas entregas usam o proxy global do servidor.',
      });
    } catch (error) {
      toastError('Erro ao salvar o proxy de saída', error);
    }
  };
  const submitOwn = form.handleSubmit(save);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (isOwn) return submitOwn(event);
    event.preventDefault();
    return save(null);
  };

  return (
    <Card data-testid="outbound-proxy">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Proxy de saída</CardTitle>
          <CardDescription>
            Entregas, callbacks, testes e pedidos de token OAuth2 desta aplicação saem por este proxy, para
            que os receptores liberem endereços fixos. Desligado (padrão): vale o proxy global do servidor
            (OUTBOUND_PROXY_URL), se houver.
          </CardDescription>
        </div>
        <Switch checked={isOwn} onCheckedChange={setIsOwn} aria-label="Usar um proxy de saída próprio" />
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            {isOwn ? (
              <>
                <FormField
                  label="URL do proxy"
                  htmlFor="outbound-proxy-url"
                  error={errors.url?.message}
                  description={
                    hasSavedPassword
                      ? `Há uma senha salva, que nunca é exibida: ela aparece como ${MASKED_PROXY_PASSWORD}. Mantenha ${MASKED_PROXY_PASSWORD} para conservá-la ou escreva a nova.`
                      : 'http:// ou https://, host e porta; usuário e senha opcionais (a senha não é exibida depois de salva).'
                  }
                >
                  <Input
                    id="outbound-proxy-url"
                    placeholder="http://usuario:senha@proxy.exemplo.com:3128"
                    autoComplete="off"
                    aria-invalid={Boolean(errors.url)}
                    {...form.register('url')}
                  />
                </FormField>
                <LinesListField
                  name="exclude"
                  id="outbound-proxy-exclude"
                  label="Hosts sem proxy"
                  description="Um por linha, ex.: api.exemplo.com ou .exemplo.com (subdomínios). Eles seguem a rota global do servidor."
                />
              </>
            ) : (
              <p className="text-sm text-muted-foreground">Usando o proxy global do servidor.</p>
            )}
            <div>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? <Loader2 className="animate-spin" /> : null}
                Salvar proxy
              </Button>
            </div>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
