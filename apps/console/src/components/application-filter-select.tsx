import { FilterSelect } from '@/components/ui/filter-select';
import { toApplicationChoices, useApplicationOptions } from '@/lib/application-options';

/** The 'Filtrar por aplicação' select of the lists, offering every application the user can see. */
export function ApplicationFilterSelect({
  value,
  onChange,
  className,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  className?: string;
}) {
  const applications = useApplicationOptions();
  return (
    <FilterSelect
      aria-label="Filtrar por aplicação"
      allLabel="Todas as aplicações"
      className={className}
      value={value}
      onChange={onChange}
      options={toApplicationChoices(applications.data)}
    />
  );
}
