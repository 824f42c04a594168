import type { TApplicationListItem } from '@wm/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { CreateLinkButton } from '@/components/create-link-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { messages } from '@/lib/messages';
import { useListState } from '@/lib/use-list-state';
import { useApplications } from '../api/get-applications';
import { ApplicationCounters } from '../components/application-counters';
import { ApplicationsTable } from '../components/applications-table';
import { DeleteApplicationDialog } from '../components/delete-application-dialog';
import { RegenerateKeyDialog } from '../components/regenerate-key-dialog';

const PAGE_SIZE = 10;

export default function ApplicationsListPage() {
  const list = useListState({ texts: ['search'] });
  const search = list.texts.search;
  const applications = useApplications({ page: list.page, limit: PAGE_SIZE, ...list.filters });
  const [toDelete, setToDelete] = useState<TApplicationListItem | null>(null);
  const [toRegenerate, setToRegenerate] = useState<TApplicationListItem | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Aplicações"
        description="Gerencie suas aplicações, API Keys e callbacks."
        actions={<CreateLinkButton to={paths.applications.new.getHref()}>Nova Aplicação</CreateLinkButton>}
      />
      <ApplicationCounters stats={applications.data?.stats} isLoading={applications.isPending} />
      <Card>
        <CardContent className="space-y-4">
          <SearchInput
            className="max-w-sm"
            placeholder="Buscar aplicações..."
            aria-label="Buscar aplicações"
            {...list.textInput('search')}
          />
          <LoadedOrError query={applications} title={messages.applicationsLoadFailed}>
            <ApplicationsTable
              data={applications.data?.data}
              isLoading={applications.isPending}
              onDelete={setToDelete}
              onRegenerate={setToRegenerate}
              empty={
                <EmptyState
                  title={messages.noApplicationFound}
                  description={
                    search ? 'Tente outro termo de busca.' : 'Crie sua primeira aplicação para começar.'
                  }
                  action={
                    search ? null : (
                      <Button asChild>
                        <Link to={paths.applications.new.getHref()}>Criar Primeira Aplicação</Link>
                      </Button>
                    )
                  }
                />
              }
            />
          </LoadedOrError>
          <Pager
            page={list.page}
            totalPages={applications.data?.pagination.totalPages ?? 1}
            onPageChange={list.setPage}
          />
        </CardContent>
      </Card>
      <DeleteApplicationDialog
        application={toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        onDeleted={() => setToDelete(null)}
      />
      <RegenerateKeyDialog
        application={toRegenerate}
        onOpenChange={(open) => !open && setToRegenerate(null)}
      />
    </div>
  );
}
