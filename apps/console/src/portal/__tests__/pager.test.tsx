import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from '../pager';
import { pickStrings } from '../strings';

afterEach(cleanup);

const pagination = (page: number, totalPages: number) => ({
  page,
  limit: 50,
  total: totalPages * 50,
  totalPages,
});

describe('the portal pager', () => {
  it('When the list fits on one page, then no pager shows', () => {
    render(
      <Pager pagination={pagination(1, 1)} onPage={vi.fn()} label="Entregas" t={pickStrings('pt-BR')} />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('When the consumer is on the middle page, then it reads where it is and turns either way', () => {
    const onPage = vi.fn();
    render(<Pager pagination={pagination(2, 3)} onPage={onPage} label="Deliveries" t={pickStrings('en')} />);
    const pager = screen.getByRole('navigation', { name: 'Deliveries' });
    expect(pager.textContent).toContain('Page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it('When the consumer is on the last page, then only the way back is open', () => {
    render(
      <Pager pagination={pagination(2, 2)} onPage={vi.fn()} label="Entregas" t={pickStrings('pt-BR')} />,
    );
    expect(screen.getByRole('button', { name: 'Próxima' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', false);
  });
});
