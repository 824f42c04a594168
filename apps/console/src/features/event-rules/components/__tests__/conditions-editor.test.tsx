import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { TRouteField } from '@wm/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { newRuleFormValues, type RuleFormValues } from '../../lib/rule-form-values';
import { ConditionsEditor } from '../conditions-editor';

afterEach(cleanup);

const field = (path: string, name: string): TRouteField => ({
  id: path,
  name,
  description: null,
  type: 'string',
  path,
  routeId: 'route',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  permissions: { canWrite: true, canDelete: true },
});

let current: RuleFormValues | undefined;

function Harness({ fields }: { fields: TRouteField[] }) {
  const form = useForm<RuleFormValues>({ defaultValues: newRuleFormValues() });
  current = form.watch();
  return (
    <FormProvider {...form}>
      <ConditionsEditor fields={fields} />
    </FormProvider>
  );
}

const conditions = () => current?.conditions.rules ?? [];

describe('ConditionsEditor', () => {
  it("When a condition is added, then it starts on the route's first field, CONTAINS_ANY, one empty value, any case", () => {
    render(<Harness fields={[field('data.message.text', 'Texto'), field('data.from', 'Remetente')]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Condição' }));
    expect(conditions()).toEqual([
      { field: 'data.message.text', operator: 'CONTAINS_ANY', values: [''], caseSensitive: false },
    ]);
    expect(screen.getByRole('combobox', { name: 'Operador da condição 1' }).textContent).toContain(
      'Contém algum',
    );
  });

  it('When values are typed, then Enter and + add them trimmed and a blank one is refused', () => {
    render(<Harness fields={[field('data.message.text', 'Texto')]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Condição' }));
    const input = screen.getByRole('textbox', { name: 'Valor da condição 1' });

    fireEvent.change(input, { target: { value: '  olá  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'oi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar valor' }));
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    expect(conditions()[0]?.values).toEqual(['olá', 'oi']);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['olá', 'oi']);

    fireEvent.click(screen.getByRole('button', { name: 'Remover valor olá' }));
    expect(conditions()[0]?.values).toEqual(['oi']);
  });

  it('When a condition is removed, then the list no longer holds it', () => {
    render(<Harness fields={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Condição' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Condição' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remover condição 1' }));
    expect(conditions()).toHaveLength(1);
    expect(screen.queryByTestId('condition-2')).toBeNull();
  });
});
