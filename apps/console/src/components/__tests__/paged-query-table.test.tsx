import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { PagedQueryTable } from '../paged-query-table';

afterEach(cleanup);

type Row = { id: string; name: string };
const columns = [{ header: 'Nome', cell: (row: Row) => row.name }];

const query = (
  over: Partial<{ data: { data: Row[]; pagination: { totalPages: number } }; isError: boolean }>,
) => ({
  data: undefined,
  isPending: false,
  isError: false,
  error: new ApiError(500, 'Erro interno do servidor', 'INTERNAL_ERROR'),
  refetch: vi.fn(),
  ...over,
});

const renderTable = (q: ReturnType<typeof query>, onPageChange = vi.fn()) =>
  render(
    <PagedQueryTable
      query={q}
      errorTitle="Não foi possível carregar as execuções"
      columns={columns}
      getRowKey={(row) => row.id}
      empty={<p>Nenhuma execução</p>}
      page={1}
      onPageChange={onPageChange}
    />,
  );

describe('PagedQueryTable', () => {
  it('When the page has rows and more pages follow, then the rows show and Próxima moves on', () => {
    const onPageChange = vi.fn();
    renderTable(
      query({ data: { data: [{ id: '1', name: 'Primeira' }], pagination: { totalPages: 2 } } }),
      onPageChange,
    );
    expect(screen.getByText('Primeira')).toBeTruthy();
    expect(screen.getByText('Página 1 de 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('When there are no rows, then the empty state shows', () => {
    renderTable(query({ data: { data: [], pagination: { totalPages: 0 } } }));
    expect(screen.getByText('Nenhuma execução')).toBeTruthy();
  });

  it('When the query failed with nothing to show, then the error title shows instead of the table', () => {
    renderTable(query({ isError: true }));
    expect(screen.getByText('Não foi possível carregar as execuções')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
