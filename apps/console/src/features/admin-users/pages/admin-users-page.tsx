import type { TUserListItem } from '@wm/contracts';
import { Plus, ShieldAlert } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { errorMessage, toastError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useListState } from '@/lib/use-list-state';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { CreateUserDialog } from '../components/create-user-dialog';
import { EditUserDialog } from '../components/edit-user-dialog';
import { RetentionCard } from '../components/retention-card';
import { UserDetailsDialog } from '../components/user-details-dialog';
import { UsersTable } from '../components/users-table';

export default function AdminUsersPage() {
  const { user: sessionUser } = useSession();
  const isAdmin = sessionUser?.isAdmin === true;
  const list = useListState({ texts: ['search'] });
  const users = useUsers({ page: list.page, search: list.filters.search });
  const deleteUser = useDeleteUser();

  const [isCreating, setIsCreating] = useState(false);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [editing, setEditing] = useState<TUserListItem | null>(null);
  const [deleting, setDeleting] = useState<TUserListItem | null>(null);
  const closeDetails = useCallback(() => setViewingId(null), []);

  const onConfirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteUser.mutateAsync(deleting.id);
      toast.success('Usuário deletado', { description: 'O usuário foi removido com sucesso.' });
    } catch (error) {
      toastError('Erro ao deletar usuário', error);
    } finally {
      setDeleting(null);
    }
  };

  const pagination = users.data?.pagination;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Usuários"
        description="Gerencie os usuários que acessam o console."
        actions={
          // Only administrators may create users; others see the refusal below, not a button that fails.
          isAdmin ? (
            <Button onClick={() => setIsCreating(true)}>
              <Plus />
              Novo Usuário
            </Button>
          ) : null
        }
      />
      <Card>
        <CardContent className="grid gap-4">
          <SearchInput
            className="max-w-sm"
            type="search"
            aria-label="Buscar usuários"
            placeholder="Buscar por nome ou email..."
            {...list.textInput('search')}
          />
          {users.isError ? (
            <EmptyState
              icon={<ShieldAlert />}
              title="Não foi possível carregar os usuários"
              description={errorMessage(users.error)}
            />
          ) : (
            <UsersTable
              users={users.data?.data}
              isLoading={users.isPending}
              onView={(user) => setViewingId(user.id)}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          )}
          {pagination ? (
            <Pager page={pagination.page} totalPages={pagination.totalPages} onPageChange={list.setPage} />
          ) : null}
        </CardContent>
      </Card>

      {isAdmin ? <RetentionCard /> : null}

      <CreateUserDialog open={isCreating} onOpenChange={setIsCreating} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <UserDetailsDialog userId={viewingId} onClose={closeDetails} />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title="Excluir usuário"
        description={`Tem certeza que deseja excluir o usuário "${deleting?.name ?? ''}"? Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        isPending={deleteUser.isPending}
        onConfirm={onConfirmDelete}
      />
    </div>
  );
}
