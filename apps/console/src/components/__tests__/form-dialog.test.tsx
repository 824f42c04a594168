import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { FormDialog } from '../form-dialog';

afterEach(cleanup);

function Harness({ isPending = false, onSubmit }: { isPending?: boolean; onSubmit: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <FormDialog
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={<Button>Abrir</Button>}
      title="Pular entrega"
      description="A entrega é marcada como pulada."
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      isPending={isPending}
      submitLabel="Pular entrega"
      pendingLabel="Pulando..."
    >
      <input aria-label="Motivo" />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('When the trigger is clicked, then the title, description and fields show, and Cancelar closes it', () => {
    render(<Harness onSubmit={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.getByRole('dialog', { name: 'Pular entrega' })).toBeTruthy();
    expect(screen.getByText('A entrega é marcada como pulada.')).toBeTruthy();
    expect(screen.getByLabelText('Motivo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('When the submit button is clicked, then the form is submitted', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pular entrega' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('When pending, then the submit button is disabled and shows the pending label', () => {
    render(<Harness isPending onSubmit={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const submit = screen.getByRole('button', { name: 'Pulando...' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
  });
});
