import { Controller, useFormContext } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** The active/inactive switch of the create/edit forms, bound to `isActive`; `label` agrees with the record. */
export function ActiveSwitchField({ label = 'Ativo', description }: { label?: string; description: string }) {
  const { control } = useFormContext<{ isActive: boolean }>();
  return (
    <Controller
      control={control}
      name="isActive"
      render={({ field }) => (
        <div className="flex items-center justify-between gap-4 rounded-md border p-3">
          <div className="grid gap-1">
            <Label htmlFor="isActive">{label}</Label>
            <p className="text-xs text-muted-foreground">{description}</p>
          </div>
          <Switch id="isActive" checked={field.value} onCheckedChange={field.onChange} aria-label={label} />
        </div>
      )}
    />
  );
}
