import { parseJsonField, SCHEMA_VALIDATION_MODES, type SchemaValidationMode } from '@wm/contracts';
import { findBreakingChanges, inferSchema } from '@wm/rules';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '@/components/forms/select-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export const SCHEMA_VALIDATION_LABELS: Record<(typeof SCHEMA_VALIDATION_MODES)[number], string> = {
  OFF: 'Desligada: nada é verificado',
  WARN: 'Avisar: aceita e registra o que não corresponde',
  ENFORCE: 'Exigir: recusa (422) o payload fora do schema',
};

/** The schema typed so far, when it is a JSON object: what the breaking-change check compares. */
function parsedSchema(text: string): Record<string, unknown> | null {
  if (!text.trim()) return null;
  const parsed = parseJsonField(text);
  return parsed.ok && typeof parsed.value === 'object' && parsed.value && !Array.isArray(parsed.value)
    ? (parsed.value as Record<string, unknown>)
    : null;
}

/** The fields of a form that edits a schema: its text, its examples' text and the mode. */
type SchemaFormFields = { schema?: string; examples?: string; schemaValidation?: SchemaValidationMode };

/**
 * A JSON Schema, its examples and its validation mode (of an event, or a route event type). "Gerar a
 * partir de um exemplo" writes a schema (and the first example) from a pasted payload; on edit, a
 * change that would refuse payloads the saved schema accepts is listed before saving.
 */
export function SchemaEditorCard({
  savedSchema,
  description = 'JSON Schema (2020-12) do que este evento emite. Aparece no catálogo e pode ser verificado a cada emissão.',
  modeLabel = 'Validação na emissão',
}: {
  savedSchema?: Record<string, unknown> | null;
  description?: string;
  modeLabel?: string;
}) {
  const { register, setValue, watch, getValues } = useFormContext<SchemaFormFields>();
  const [sample, setSample] = useState('');
  const [sampleError, setSampleError] = useState<string | null>(null);
  const schemaText = watch('schema') ?? '';

  const generate = () => {
    const parsed = parseJsonField(sample);
    if (!sample.trim() || !parsed.ok) {
      setSampleError('Cole um payload JSON válido.');
      return;
    }
    setSampleError(null);
    setValue('schema', JSON.stringify(inferSchema(parsed.value), null, 2), {
      shouldDirty: true,
      shouldValidate: true,
    });
    if (!(getValues('examples') ?? '').trim()) {
      setValue('examples', JSON.stringify([parsed.value], null, 2), { shouldDirty: true });
    }
  };

  const next = parsedSchema(schemaText);
  const breaking = savedSchema !== undefined && next ? findBreakingChanges(savedSchema, next) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Schema do payload</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SelectField
          name="schemaValidation"
          label={modeLabel}
          options={SCHEMA_VALIDATION_MODES.map((mode) => ({
            value: mode,
            label: SCHEMA_VALIDATION_LABELS[mode],
          }))}
        />
        <div className="grid gap-2">
          <Label htmlFor="schemaSample">Exemplo de payload</Label>
          <Textarea
            id="schemaSample"
            rows={4}
            className="font-mono text-xs"
            placeholder='{"id": "o-1", "total": 10}'
            value={sample}
            onChange={(event) => setSample(event.target.value)}
          />
          {sampleError ? <p className="text-sm text-destructive">{sampleError}</p> : null}
          <div>
            <Button type="button" variant="outline" onClick={generate}>
              Gerar a partir de um exemplo
            </Button>
          </div>
        </div>
        <FormField name="schema" htmlFor="schema" label="Schema (JSON)">
          <Textarea id="schema" rows={10} className="font-mono text-xs" {...register('schema')} />
        </FormField>
        {breaking?.breaking ? (
          <div
            className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
            data-testid="schema-breaking"
          >
            <p className="font-medium">Mudança incompatível: payloads aceitos antes serão recusados</p>
            <ul className="mt-1 list-disc pl-5">
              {breaking.changes.map((change) => (
                <li key={`${change.kind}-${change.path}`}>{change.message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <FormField
          name="examples"
          htmlFor="examples"
          label="Exemplos (lista JSON, até 5)"
          description="Cada exemplo deve corresponder ao schema."
        >
          <Textarea id="examples" rows={6} className="font-mono text-xs" {...register('examples')} />
        </FormField>
      </CardContent>
    </Card>
  );
}
