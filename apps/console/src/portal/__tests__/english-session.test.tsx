import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EndpointForm, newEndpointDraft } from '../endpoint-form';
import { LogDetail } from '../log-detail';
import type { PortalLogDetail } from '../portal-api';
import { pickStrings } from '../strings';

afterEach(cleanup);

const EVENT = { id: '0196f4a2-3b1c-7d2e-8f90-123456789abc', name: 'Pedido pago', alias: 'pedido.pago' };

function renderForm(language: string) {
  const onSubmit = vi.fn(async () => true);
  render(
    <EndpointForm
      initial={newEndpointDraft(EVENT.id)}
      variant="create"
      events={[EVENT]}
      onSubmit={onSubmit}
      t={pickStrings(language)}
    />,
  );
  fireEvent.change(screen.getByLabelText(/URL/), { target: { value: 'ftp://loja.example/hook' } });
  fireEvent.click(
    screen.getByRole('button', { name: language === 'en' ? 'Create endpoint' : 'Criar endpoint' }),
  );
  return onSubmit;
}

const failedLog = {
  id: 'log-1',
  status: 'FAILED',
  httpStatusCode: 500,
  errorMessage: 'Resposta HTTP 500',
  payloadSent: {},
  responseBody: 'boom',
  subscription: { httpMethod: 'POST', targetUrl: 'https://loja.example/hook' },
  attempts: [
    {
      id: 'a1',
      attemptNumber: 1,
      httpStatusCode: null,
      startedAt: '2026-01-01T00:00:00Z',
      durationMs: 3,
      errorMessage: 'Falha de conexão: ECONNREFUSED',
    },
    {
      id: 'a2',
      attemptNumber: 2,
      httpStatusCode: null,
      startedAt: '2026-01-01T00:01:00Z',
      durationMs: 400,
      errorMessage: 'Tempo limite excedido (400 ms)',
    },
    {
      id: 'a3',
      attemptNumber: 3,
      httpStatusCode: null,
      startedAt: '2026-01-01T00:02:00Z',
      durationMs: 1,
      errorMessage: 'algo desconhecido',
    },
  ],
} as unknown as PortalLogDetail;

describe('the portal in an English session', () => {
  it('When the form fails the schema, then its message is in English and nothing is sent', async () => {
    const onSubmit = renderForm('en');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'URL must start with http:// or https://',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('When the session is pt-BR, then the form keeps the schema message', async () => {
    renderForm('pt-BR');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'URL deve começar com http:// ou https://',
    );
  });

  it('When a delivery failed, then its known attempt errors read in English and an unknown one stays', () => {
    render(<LogDetail log={failedLog} endpoint={undefined} locale="en" t={pickStrings('en')} />);
    expect(screen.getByText('HTTP response 500')).toBeTruthy();
    const attempts = screen.getAllByTestId('portal-attempt').map((item) => item.textContent);
    expect(attempts[0]).toContain('Connection failure: ECONNREFUSED');
    expect(attempts[1]).toContain('Timed out (400 ms)');
    expect(attempts[2]).toContain('algo desconhecido');
  });
});
