import { ArrowLeft, type LucideIcon, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DeleteButtonPlacement } from '@/components/confirm-delete-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { JsonView } from '@/components/ui/json-view';
import { PageHeader } from '@/components/ui/page-header';
import { detailStatusVariant, entityStatusLabel } from '@/components/ui/status-badges';

/** Pieces shared by the detail pages (events, subscriptions). */

export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="flex w-fit items-center gap-1 text-sm text-muted-foreground">
      <ArrowLeft className="size-4" />
      {children}
    </Link>
  );
}

/** The ghost 'Voltar' button above a page's header. */
export function BackButton({ to, children = 'Voltar' }: { to: string; children?: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={to}>
        <ArrowLeft />
        {children}
      </Link>
    </Button>
  );
}

function EditLinkButton({ to }: { to: string }) {
  return (
    <Button variant="outline" asChild>
      <Link to={to}>
        <Pencil />
        Editar
      </Link>
    </Button>
  );
}

/**
 * A record page's top: the link back to the list, the record's title and the actions the user may
 * take: `writeActions` then Editar with write permission, the labelled delete button with delete
 * permission, which returns to the list once the record is gone.
 */
export function DetailPageHeader({
  backHref,
  backLabel,
  title,
  description,
  permissions,
  editHref,
  writeActions,
  deleteButton,
}: {
  backHref: string;
  backLabel: string;
  title: ReactNode;
  description?: ReactNode;
  permissions: { canWrite: boolean; canDelete: boolean };
  editHref: string;
  writeActions?: ReactNode;
  deleteButton: (placement: Required<DeleteButtonPlacement>) => ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <>
      <BackLink to={backHref}>{backLabel}</BackLink>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {permissions.canWrite ? (
              <>
                {writeActions}
                <EditLinkButton to={editHref} />
              </>
            ) : null}
            {permissions.canDelete
              ? deleteButton({ showLabel: true, onDeleted: () => navigate(backHref) })
              : null}
          </>
        }
      />
    </>
  );
}

export function DetailStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={detailStatusVariant(status)}>
      {entityStatusLabel[status as keyof typeof entityStatusLabel] ?? status}
    </Badge>
  );
}

function TitledCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A titled card showing a stored JSON value, or `emptyText` when there is none. */
export function JsonCard({ title, value, emptyText }: { title: string; value: unknown; emptyText: string }) {
  return (
    <TitledCard title={title}>
      <JsonView value={value} emptyText={emptyText} />
    </TitledCard>
  );
}

/** A titled card holding a two-column list of DetailFields. */
export function DetailListCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledCard title={title}>
      <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>
    </TitledCard>
  );
}

type QuickAction = { to: string; Icon: LucideIcon; label: string };

/** The 'Ações Rápidas' card beside a record: one outline link button per action. */
export function QuickActionsCard({
  actions,
  className,
}: {
  actions: readonly QuickAction[];
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Ações Rápidas</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {actions.map(({ to, Icon, label }) => (
          <Button key={label} variant="outline" className="justify-start" asChild>
            <Link to={to}>
              <Icon />
              {label}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
