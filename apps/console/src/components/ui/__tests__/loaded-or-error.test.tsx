import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { LoadedOrError } from '../load-error-state';

afterEach(cleanup);

const query = (over: Partial<{ isError: boolean; data: unknown; error: unknown }>, refetch = vi.fn()) => ({
  isError: false,
  data: undefined,
  error: null,
  refetch,
  ...over,
});

describe('LoadedOrError', () => {
  it('When the list failed to load with nothing to show, then the error and a retry replace it', () => {
    const refetch = vi.fn();
    render(
      <LoadedOrError
        query={query(
          { isError: true, error: new ApiError(500, 'Erro interno do servidor', 'INTERNAL_ERROR') },
          refetch,
        )}
        title="Não foi possível carregar os eventos"
      >
        <p>Nenhum evento encontrado</p>
      </LoadedOrError>,
    );
    expect(screen.getByText('Não foi possível carregar os eventos')).toBeTruthy();
    expect(screen.queryByText('Nenhum evento encontrado')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('When loading, loaded, or a refetch failed over data already shown, then the list stays', () => {
    for (const state of [{}, { data: { data: [] } }, { isError: true, data: { data: [] } }]) {
      render(
        <LoadedOrError query={query(state)} title="Não foi possível carregar os eventos">
          <p>lista</p>
        </LoadedOrError>,
      );
      expect(screen.getByText('lista')).toBeTruthy();
      cleanup();
    }
  });
});
