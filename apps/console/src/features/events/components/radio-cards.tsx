import type { ReactNode } from 'react';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';

export type RadioCardOption = { value: string; label: string; description?: ReactNode; isDisabled?: boolean };

/** A radio group drawn as selectable cards (the edit form's visibility and queue type). */
export function RadioCards({
  name,
  value,
  onChange,
  options,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: RadioCardOption[];
}) {
  return (
    <RadioGroup
      value={value}
      onValueChange={onChange}
      className="grid gap-3 sm:grid-cols-2"
      aria-label={name}
    >
      {options.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <label
            key={option.value}
            htmlFor={id}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors hover:bg-muted/50',
              value === option.value && 'border-primary bg-primary/5',
              option.isDisabled && 'cursor-not-allowed opacity-50',
            )}
          >
            <RadioGroupItem id={id} value={option.value} disabled={option.isDisabled} className="mt-0.5" />
            <span className="grid gap-1">
              <span className="text-sm font-medium">{option.label}</span>
              {option.description ? (
                <span className="text-xs text-muted-foreground">{option.description}</span>
              ) : null}
            </span>
          </label>
        );
      })}
    </RadioGroup>
  );
}
