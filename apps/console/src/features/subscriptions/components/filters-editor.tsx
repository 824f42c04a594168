import { FILTER_OPERATORS, FILTER_ORIGINS } from '@wm/contracts';
import { FILTER_OPERATOR_LABELS } from '@wm/rules';
import { Plus } from 'lucide-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DeleteIcon } from '@/components/ui/delete-icon';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const ORIGIN_LABELS = { HEADER: 'Header', BODY: 'Body' } as const;

const PATHS_LIST_ID = 'filter-field-paths';

/**
 * Filter rows (origin, field, operator, value); messages 'Filtro n: …' appear under each input.
 * A BODY field suggests `pathSuggestions` (the paths of the event's schema) as it is typed.
 */
export function FiltersEditor({ pathSuggestions = [] }: { pathSuggestions?: string[] }) {
  const { control, register, watch } = useFormContext<{
    filters: { origin: string; field: string; operator: string; value: string }[];
  }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'filters' });
  const filters = watch('filters');
  return (
    <div className="grid gap-3" data-testid="filters-editor">
      {pathSuggestions.length > 0 ? (
        <datalist id={PATHS_LIST_ID} data-testid="filter-path-suggestions">
          {pathSuggestions.map((path) => (
            <option key={path} value={path} />
          ))}
        </datalist>
      ) : null}
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nenhum filtro: a assinatura recebe todas as emissões do evento.
        </p>
      ) : null}
      {fields.map((field, index) => {
        const n = index + 1;
        return (
          <div
            key={field.id}
            className="grid gap-3 rounded-md border p-3 sm:grid-cols-[8rem_1fr_11rem_1fr_auto]"
            data-testid={`filter-${n}`}
          >
            <FormField name={`filters.${index}.origin`}>
              <Controller
                control={control}
                name={`filters.${index}.origin`}
                render={({ field: input }) => (
                  <Select value={input.value || undefined} onValueChange={input.onChange}>
                    <SelectTrigger aria-label={`Origem do filtro ${n}`}>
                      <SelectValue placeholder="Origem" />
                    </SelectTrigger>
                    <SelectContent>
                      {FILTER_ORIGINS.map((origin) => (
                        <SelectItem key={origin} value={origin}>
                          {ORIGIN_LABELS[origin]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <FormField name={`filters.${index}.field`}>
              <Input
                aria-label={`Campo do filtro ${n}`}
                placeholder="Campo (ex.: order.status)"
                list={
                  pathSuggestions.length > 0 && filters?.[index]?.origin !== 'HEADER'
                    ? PATHS_LIST_ID
                    : undefined
                }
                autoComplete="off"
                {...register(`filters.${index}.field`)}
              />
            </FormField>
            <FormField name={`filters.${index}.operator`}>
              <Controller
                control={control}
                name={`filters.${index}.operator`}
                render={({ field: input }) => (
                  <Select value={input.value || undefined} onValueChange={input.onChange}>
                    <SelectTrigger aria-label={`Operador do filtro ${n}`}>
                      <SelectValue placeholder="Operador" />
                    </SelectTrigger>
                    <SelectContent>
                      {FILTER_OPERATORS.map((operator) => (
                        <SelectItem key={operator} value={operator}>
                          {operator} ({FILTER_OPERATOR_LABELS[operator]})
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <FormField name={`filters.${index}.value`}>
              <Input
                aria-label={`Valor do filtro ${n}`}
                placeholder="Valor"
                {...register(`filters.${index}.value`)}
              />
            </FormField>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => remove(index)}
              aria-label={`Remover filtro ${n}`}
              title="Remover filtro"
            >
              <DeleteIcon />
            </Button>
          </div>
        );
      })}
      <Button
        variant="outline"
        className="w-fit"
        onClick={() => append({ origin: 'BODY', field: '', operator: '=', value: '' })}
      >
        <Plus />
        Adicionar Filtro
      </Button>
    </div>
  );
}
