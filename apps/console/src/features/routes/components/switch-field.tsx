import { Controller, useFormContext } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** The 'Ativo' switch of the route, event type and field forms, bound to `isActive`. */
export function ActiveSwitchField({ description }: { description: string }) {
  const { control } = useFormContext<{ isActive: boolean }>();
  return (
    <Controller
      control={control}
      name="isActive"
      render={({ field }) => (
        <div className="flex items-center justify-between gap-4 rounded-md border p-3">
          <div className="grid gap-1">
            <Label htmlFor="isActive">Ativo</Label>
            <p className="text-xs text-muted-foreground">{description}</p>
          </div>
          <Switch id="isActive" checked={field.value} onCheckedChange={field.onChange} aria-label="Ativo" />
        </div>
      )}
    />
  );
}
