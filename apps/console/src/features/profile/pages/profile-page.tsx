import { AppWindow, Bell, Download, FileText, Loader2, ShieldCheck, Zap } from 'lucide-react';
import { toast } from 'sonner';
import { OperationalEndpointsCard } from '@/components/operational-endpoints/operational-endpoints-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  StatCard,
  StatGrid,
} from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { toastError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useExportProfile } from '../api/export-profile';
import { useProfileStats } from '../api/get-profile-stats';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { ProfileInfoCard } from '../components/profile-info-card';

function PrivacyDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ShieldCheck />
          Privacidade
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Privacidade</DialogTitle>
          <DialogDescription>Como seus dados são tratados.</DialogDescription>
        </DialogHeader>
        <ul className="list-disc space-y-2 pl-5 text-sm text-muted-foreground">
          <li>Senhas são guardadas apenas como hash; ninguém pode lê-las.</li>
          <li>API Keys são guardadas criptografadas e nunca aparecem nos logs.</li>
          <li>A exportação traz seu perfil, aplicações, eventos e assinaturas, sem segredos.</li>
          <li>Para excluir sua conta, procure um administrador.</li>
        </ul>
      </DialogContent>
    </Dialog>
  );
}

export default function ProfilePage() {
  const { user } = useSession();
  const stats = useProfileStats();
  const exporting = useExportProfile();
  if (!user) return null;

  const onExport = () =>
    exporting.mutate(undefined, {
      onSuccess: () =>
        toast.success('Dados exportados', { description: 'O download do arquivo JSON começou.' }),
      onError: (error) => toastError('Erro ao exportar dados', error),
    });

  return (
    <div className="space-y-6">
      <PageHeader title="Perfil" description="Suas informações de conta e atividade." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ProfileInfoCard user={user} />
          <OperationalEndpointsCard />
          <Card>
            <CardHeader>
              <CardTitle>Segurança e Dados</CardTitle>
              <CardDescription>Senha de acesso, exportação e privacidade.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              <ChangePasswordDialog />
              <Button variant="outline" onClick={onExport} disabled={exporting.isPending}>
                {exporting.isPending ? <Loader2 className="animate-spin" /> : <Download />}
                Exportar dados
              </Button>
              <PrivacyDialog />
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Conta</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4">
              <div className="grid gap-1">
                <dt className="text-sm text-muted-foreground">Status da conta</dt>
                <dd>
                  <Badge variant={user.isActive ? 'success' : 'warning'}>
                    {user.isActive ? 'Ativa' : 'Inativa'}
                  </Badge>
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-sm text-muted-foreground">Membro desde</dt>
                <dd className="font-medium">{formatDate(user.createdAt)}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-sm text-muted-foreground">Criado em</dt>
                <dd className="font-medium">{formatDateTime(user.createdAt)}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-sm text-muted-foreground">Atualizado em</dt>
                <dd className="font-medium" data-testid="profile-updated-at">
                  {formatDateTime(user.updatedAt)}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
      <StatGrid>
        <StatCard
          label="Aplicações"
          value={stats.data?.applications ?? 0}
          icon={<AppWindow />}
          isLoading={stats.isPending}
        />
        <StatCard
          label="Eventos"
          value={stats.data?.events ?? 0}
          icon={<Zap />}
          isLoading={stats.isPending}
        />
        <StatCard
          label="Assinaturas"
          value={stats.data?.subscriptions ?? 0}
          icon={<Bell />}
          isLoading={stats.isPending}
        />
        <StatCard
          label="Logs"
          value={stats.data?.logs ?? 0}
          icon={<FileText />}
          isLoading={stats.isPending}
        />
      </StatGrid>
    </div>
  );
}
