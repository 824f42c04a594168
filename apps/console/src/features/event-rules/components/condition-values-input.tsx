import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { addConditionValue } from '../lib/rule-form-values';

/** A condition's values as chips; a value is added with Enter or '+', trimmed, never blank. */
export function ConditionValuesInput({
  values,
  onChange,
  label,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  label: string;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const next = addConditionValue(values, draft);
    if (next) onChange(next);
    setDraft('');
  };
  const shown = values.filter((value) => value.trim() !== '');
  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          aria-label={label}
          placeholder="Digite um valor e pressione Enter"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Enter adds the value; it must not submit the rule form.
            event.preventDefault();
            add();
          }}
        />
        <Button
          variant="outline"
          size="icon"
          onClick={add}
          aria-label="Adicionar valor"
          title="Adicionar valor"
        >
          <Plus />
        </Button>
      </div>
      {shown.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${label}: valores`}>
          {shown.map((value) => (
            <li key={value}>
              <Badge variant="outline" className="gap-1 py-1 font-mono">
                {value}
                <button
                  type="button"
                  className="cursor-pointer rounded-sm opacity-60 hover:opacity-100"
                  aria-label={`Remover valor ${value}`}
                  onClick={() => onChange(values.filter((existing) => existing !== value))}
                >
                  <X className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
