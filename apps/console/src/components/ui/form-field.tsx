import type { ReactNode } from 'react';
import { type FieldErrors, get, useFormContext } from 'react-hook-form';
import { cn } from '@/lib/utils';
import { Label } from './label';

/**
 * Label, control and the field's pt-BR validation message. Pass `error` directly, or `name`
 * inside a react-hook-form `FormProvider` to read it from the form state.
 */
export function FormField({
  label,
  htmlFor,
  name,
  error,
  description,
  className,
  children,
}: {
  label?: ReactNode;
  htmlFor?: string;
  name?: string;
  error?: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const form = useFormContext() as ReturnType<typeof useFormContext> | null;
  const errors: FieldErrors = form?.formState.errors ?? {};
  const fieldError = name ? (get(errors, name) as { message?: string } | undefined) : undefined;
  const message = error ?? fieldError?.message;
  const id = htmlFor ?? name;
  return (
    <div className={cn('grid gap-2', className)}>
      {label ? (
        <Label htmlFor={id} className={cn(message && 'text-destructive')}>
          {label}
        </Label>
      ) : null}
      {children}
      {description && !message ? <p className="text-xs text-muted-foreground">{description}</p> : null}
      {message ? (
        <p className="text-sm text-destructive" role="alert" id={id ? `${id}-error` : undefined}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
