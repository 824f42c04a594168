import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A create/edit page form's footer: Cancelar (back to `cancelHref`) and the submit button with its pending text. */
export function FormActions({
  variant,
  createLabel,
  isPending,
  cancelHref,
}: {
  variant: 'create' | 'edit';
  createLabel: string;
  isPending: boolean;
  cancelHref: string;
}) {
  const label = variant === 'create' ? createLabel : 'Salvar Alterações';
  const pendingLabel = variant === 'create' ? 'Criando...' : 'Salvando...';
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" asChild>
        <Link to={cancelHref}>Cancelar</Link>
      </Button>
      <Button type="submit" disabled={isPending}>
        {isPending ? pendingLabel : label}
      </Button>
    </div>
  );
}
