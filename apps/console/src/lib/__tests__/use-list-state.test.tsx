import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListState } from '../use-list-state';

function List() {
  const list = useListState({ filters: ['status'], texts: ['search'] });
  const location = useLocation();
  return (
    <div>
      <input aria-label="Buscar" {...list.textInput('search')} />
      <button type="button" onClick={() => list.setFilters({ status: 'FAILED' })}>
        Falhas
      </button>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Próxima
      </button>
      <button type="button" onClick={list.reset}>
        Limpar
      </button>
      <output data-testid="url">{location.search}</output>
      <output data-testid="search">{list.filters.search ?? ''}</output>
    </div>
  );
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <List />
    </MemoryRouter>,
  );
const url = () => screen.getByTestId('url').textContent;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useListState', () => {
  it('reads page, filters and search from the URL', () => {
    renderAt('/logs?page=3&status=FAILED&search=nota');
    expect(screen.getByLabelText<HTMLInputElement>('Buscar').value).toBe('nota');
    expect(screen.getByTestId('search').textContent).toBe('nota');
    fireEvent.click(screen.getByText('Próxima'));
    expect(url()).toBe('?page=4&status=FAILED&search=nota');
  });

  it('writes typed search to the URL only once typing pauses, back on the first page', () => {
    vi.useFakeTimers();
    renderAt('/logs?page=2');
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'nota' } });
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'nota fiscal ' } });
    expect(url()).toBe('?page=2');
    act(() => vi.advanceTimersByTime(300));
    expect(url()).toBe('?search=nota+fiscal');
    expect(screen.getByLabelText<HTMLInputElement>('Buscar').value).toBe('nota fiscal ');
  });

  it('a filter change goes back to the first page; reset clears everything', () => {
    renderAt('/logs?page=2&search=x');
    fireEvent.click(screen.getByText('Falhas'));
    expect(url()).toBe('?search=x&status=FAILED');
    fireEvent.click(screen.getByText('Limpar'));
    expect(url()).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Buscar').value).toBe('');
  });
});
