import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from '../pager';
import {
  deliveryStatusVariant,
  entityStatusVariant,
  eventLogStatusVariant,
  visibilityVariant,
} from '../status-badges';
import { DataTable } from '../table';

afterEach(cleanup);

describe('Pager', () => {
  it('When there is one page or none, then nothing is rendered', () => {
    const { container } = render(<Pager page={1} totalPages={1} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('When there are more pages, then it reads "Página X de Y" and moves with Anterior / Próxima', () => {
    const onPageChange = vi.fn();
    render(<Pager page={2} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getByText('Página 2 de 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('When on the last page, then Próxima is disabled', () => {
    render(<Pager page={3} totalPages={3} onPageChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Próxima' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('DataTable', () => {
  const columns = [{ header: 'Nome', cell: (row: { name: string }) => row.name }];

  it('When loading, then 5 skeleton rows show', () => {
    render(<DataTable columns={columns} data={undefined} isLoading getRowKey={(row) => row.name} />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
  });

  it('When there is no data, then the empty state replaces the table', () => {
    render(
      <DataTable columns={columns} data={[]} getRowKey={(row) => row.name} empty={<p>Nada por aqui</p>} />,
    );
    expect(screen.getByText('Nada por aqui')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('state badges', () => {
  it('When states are mapped, then working states are green, waiting or held ones yellow and failed ones red', () => {
    expect(visibilityVariant('PUBLIC')).toBe('success');
    expect(visibilityVariant('PRIVATE')).toBe('warning');
    expect(['ACTIVE', 'INACTIVE', 'PAUSED', 'FAILED'].map(entityStatusVariant)).toEqual([
      'success',
      'warning',
      'warning',
      'error',
    ]);
    expect(['SUCCESS', 'FAILED', 'PENDING', 'RETRYING'].map(deliveryStatusVariant)).toEqual([
      'success',
      'error',
      'warning',
      'warning',
    ]);
    expect(['SUCCESS', 'FAILED', 'PENDING', 'PROCESSING'].map(eventLogStatusVariant)).toEqual([
      'success',
      'error',
      'warning',
      'warning',
    ]);
  });
});
