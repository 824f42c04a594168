import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { RecordFallback } from '../record-fallback';

afterEach(cleanup);

const show = (error: unknown, refetch = vi.fn()) =>
  render(
    <MemoryRouter>
      <RecordFallback query={{ error, refetch }} title="Evento não encontrado" backHref="/events" />
    </MemoryRouter>,
  );

describe('RecordFallback', () => {
  it('When the server says the record is missing (404, or 400 for a malformed id), then "não encontrado"', () => {
    for (const status of [404, 400]) {
      show(new ApiError(status, 'Evento não encontrado', 'NOT_FOUND'));
      expect(screen.getByText('Evento não encontrado')).toBeTruthy();
      expect(screen.queryByText('Tentar novamente')).toBeNull();
      cleanup();
    }
  });

  it('When the server or the network failed, then a load error with the message and a retry, never "não encontrado"', () => {
    const refetch = vi.fn();
    show(new ApiError(500, 'Erro interno do servidor', 'INTERNAL_ERROR'), refetch);
    expect(screen.getByText('Não foi possível carregar os dados')).toBeTruthy();
    expect(screen.getByText('Erro interno do servidor')).toBeTruthy();
    expect(screen.queryByText('Evento não encontrado')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
