import { NotFoundState } from './not-found-state';

/** An edit page opened by someone who may only read the record (the Editar links are hidden for them). */
export function EditForbiddenState({ description, backHref }: { description: string; backHref: string }) {
  return <NotFoundState title="Sem permissão para editar" description={description} backHref={backHref} />;
}
