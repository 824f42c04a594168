import { RULE_FORM_OPERATORS, type TRouteField } from '@wm/contracts';
import { RULE_OPERATOR_LABELS } from '@wm/rules';
import { Plus } from 'lucide-react';
import { Controller, get, useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DeleteIcon } from '@/components/ui/delete-icon';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { messages } from '@/lib/messages';
import { newCondition, type RuleFormValues } from '../lib/rule-form-values';
import { ConditionValuesInput } from './condition-values-input';

/** Every message the form holds for one condition (field, operator, each value). */
function conditionMessages(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [];
  const messages: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string') messages.push(message);
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'message') visit(child);
  };
  visit(error);
  return [...new Set(messages)];
}

/**
 * The rule's conditions: field (from the route's fields, then the paths of the event type's schema
 * that no field names), operator, values, case sensitivity.
 */
export function ConditionsEditor({
  fields: routeFields,
  schemaPaths = [],
}: {
  fields: TRouteField[];
  /** `data.…` paths of the route event type's schema. */
  schemaPaths?: string[];
}) {
  const extraPaths = schemaPaths.filter(
    (path) => !routeFields.some((routeField) => routeField.path === path),
  );
  const { control, formState } = useFormContext<RuleFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'conditions.rules' });
  const listError = get(formState.errors, 'conditions.rules') as {
    message?: string;
    root?: { message?: string };
  };
  const listMessage = listError?.message ?? listError?.root?.message;

  return (
    <div className="grid gap-3" data-testid="conditions-editor">
      <p className="text-xs text-muted-foreground" data-testid="field-path-hint">
        {messages.fieldPathHint}
      </p>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma condição. Adicione pelo menos uma.</p>
      ) : null}
      {fields.map((condition, index) => {
        const n = index + 1;
        const errors = conditionMessages(get(formState.errors, `conditions.rules.${index}`));
        return (
          <div key={condition.id} className="grid gap-3 rounded-md border p-3" data-testid={`condition-${n}`}>
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium">Condição {n}</p>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => remove(index)}
                aria-label={`Remover condição ${n}`}
                title="Remover condição"
              >
                <DeleteIcon />
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <Controller
                control={control}
                name={`conditions.rules.${index}.field`}
                render={({ field }) => {
                  const isKnown =
                    routeFields.some((routeField) => routeField.path === field.value) ||
                    extraPaths.includes(field.value);
                  return (
                    <Select value={field.value || undefined} onValueChange={field.onChange}>
                      <SelectTrigger aria-label={`Campo da condição ${n}`}>
                        <SelectValue placeholder="Campo" />
                      </SelectTrigger>
                      <SelectContent>
                        {field.value && !isKnown ? (
                          <SelectItem value={field.value}>{field.value}</SelectItem>
                        ) : null}
                        {routeFields.map((routeField) => (
                          <SelectItem key={routeField.id} value={routeField.path}>
                            {routeField.name} ({routeField.path})
                          </SelectItem>
                        ))}
                        {extraPaths.map((path) => (
                          <SelectItem key={`schema-${path}`} value={path}>
                            {path} (do schema)
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  );
                }}
              />
              <Controller
                control={control}
                name={`conditions.rules.${index}.operator`}
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger aria-label={`Operador da condição ${n}`}>
                      <SelectValue placeholder="Operador" />
                    </SelectTrigger>
                    <SelectContent>
                      {RULE_FORM_OPERATORS.map((operator) => (
                        <SelectItem key={operator} value={operator}>
                          {RULE_OPERATOR_LABELS[operator]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
            <Controller
              control={control}
              name={`conditions.rules.${index}.values`}
              render={({ field }) => (
                <ConditionValuesInput
                  label={`Valor da condição ${n}`}
                  values={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name={`conditions.rules.${index}.caseSensitive`}
              render={({ field }) => (
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={`condition-${n}-case`}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                  <Label htmlFor={`condition-${n}-case`}>Diferenciar maiúsculas e minúsculas</Label>
                </div>
              )}
            />
            {errors.map((message) => (
              <p key={message} className="text-sm text-destructive" role="alert">
                {message}
              </p>
            ))}
          </div>
        );
      })}
      {listMessage ? (
        <p className="text-sm text-destructive" role="alert">
          {listMessage}
        </p>
      ) : null}
      <Button variant="outline" className="w-fit" onClick={() => append(newCondition(routeFields[0]?.path))}>
        <Plus />
        Adicionar Condição
      </Button>
    </div>
  );
}
