import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/** Radix Select has no empty value, so "all" travels as this sentinel and leaves as undefined. */
const ALL = 'all';

export type FilterOption = { value: string; label: string };

type FilterSelectProps = {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The first option, meaning "no filter" ('Todos', 'Todas as aplicações'…). */
  allLabel: string;
  options: readonly FilterOption[];
  'aria-label': string;
  className?: string;
  contentClassName?: string;
};

/** A list filter: one option per value plus "all", which clears the filter. */
export function FilterSelect({
  value,
  onChange,
  allLabel,
  options,
  className,
  contentClassName,
  'aria-label': ariaLabel,
}: FilterSelectProps) {
  return (
    <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : next)}>
      <SelectTrigger className={className} aria-label={ariaLabel}>
        <SelectValue placeholder={allLabel} />
      </SelectTrigger>
      <SelectContent className={contentClassName}>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
