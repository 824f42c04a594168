import { INTEGRATION_LANGUAGE_LABELS, INTEGRATION_LANGUAGES, type IntegrationLanguage } from '@wm/contracts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/** JavaScript, Python or cURL. */
export function LanguagePicker({
  value,
  onChange,
  className,
}: {
  value: IntegrationLanguage;
  onChange: (language: IntegrationLanguage) => void;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as IntegrationLanguage)}>
      <SelectTrigger aria-label="Linguagem" className={cn('w-40', className)}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {INTEGRATION_LANGUAGES.map((language) => (
          <SelectItem key={language} value={language}>
            {INTEGRATION_LANGUAGE_LABELS[language]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
