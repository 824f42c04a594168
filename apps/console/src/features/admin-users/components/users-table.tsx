import type { TUserListItem } from '@wm/contracts';
import { Eye, Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DeleteIcon } from '@/components/ui/delete-icon';
import { EmptyState } from '@/components/ui/empty-state';
import { ActiveBadge } from '@/components/ui/status-badges';
import { type Column, DataTable } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';

type Actions = {
  onView: (user: TUserListItem) => void;
  onEdit: (user: TUserListItem) => void;
  onDelete: (user: TUserListItem) => void;
};

export function UsersTable({
  users,
  isLoading,
  ...actions
}: { users?: TUserListItem[]; isLoading: boolean } & Actions) {
  const columns: Column<TUserListItem>[] = [
    { header: 'Nome', cell: (user) => <span className="font-medium">{user.name}</span> },
    { header: 'Email', cell: (user) => user.email },
    { header: 'Status', cell: (user) => <ActiveBadge isActive={user.isActive} /> },
    { header: 'Aplicações', cell: (user) => user._count.userApplications },
    { header: 'Criado em', cell: (user) => formatDateTime(user.createdAt) },
    {
      header: <span className="sr-only">Ações</span>,
      className: 'w-32 text-right',
      isActions: true,
      cell: (user) => (
        <div className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Ver detalhes"
            title="Ver detalhes"
            onClick={() => actions.onView(user)}
          >
            <Eye />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Editar"
            title="Editar"
            onClick={() => actions.onEdit(user)}
          >
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Excluir"
            title="Excluir"
            className="text-destructive hover:text-destructive"
            onClick={() => actions.onDelete(user)}
          >
            <DeleteIcon />
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      data={users}
      isLoading={isLoading}
      getRowKey={(user) => user.id}
      empty={
        <EmptyState title="Nenhum usuário encontrado" description="Ajuste a busca ou crie um novo usuário." />
      }
    />
  );
}
