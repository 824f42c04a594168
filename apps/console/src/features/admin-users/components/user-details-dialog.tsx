import { useEffect } from 'react';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ActiveBadge } from '@/components/ui/status-badges';
import { toastError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useUser } from '../api/get-user';

export function UserDetailsDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const { data: user, isPending, error } = useUser(userId);

  useEffect(() => {
    if (!error) return;
    toastError('Erro ao carregar detalhes do usuário', error);
    onClose();
  }, [error, onClose]);

  return (
    <Dialog open={Boolean(userId)} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Detalhes do Usuário</DialogTitle>
          <DialogDescription>Informações e aplicações vinculadas.</DialogDescription>
        </DialogHeader>
        {isPending || !user ? (
          <div className="grid gap-3">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : (
          <div className="grid gap-6">
            <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Nome</dt>
                <dd className="font-medium">{user.name}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="font-medium break-all">{user.email}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Status</dt>
                <dd className="flex gap-2">
                  <ActiveBadge isActive={user.isActive} />
                  {user.isAdmin ? <Badge variant="primary">Administrador</Badge> : null}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Criado em</dt>
                <dd className="font-medium">{formatDateTime(user.createdAt)}</dd>
              </div>
            </dl>
            <section className="grid gap-3">
              <h3 className="font-semibold">Aplicações ({user.userApplications.length})</h3>
              {user.userApplications.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhuma aplicação vinculada.</p>
              ) : (
                <ul className="grid gap-2">
                  {user.userApplications.map((link) => (
                    <li
                      key={link.application.id}
                      className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="min-w-0">
                        <p className="font-medium">{link.application.name}</p>
                        <p className="font-mono text-xs text-muted-foreground">
                          {link.application.apiKeyPrefix}...
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-1">
                        <Badge variant={link.isOwner ? 'primary' : 'default'}>
                          {link.isOwner ? 'Proprietário' : 'Membro'}
                        </Badge>
                        {link.canRead ? <Badge variant="success">Leitura</Badge> : null}
                        {link.canWrite ? <Badge variant="success">Escrita</Badge> : null}
                        {link.canDelete ? <Badge variant="success">Exclusão</Badge> : null}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
