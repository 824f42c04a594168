import { NotFoundState } from '@/components/ui/not-found-state';
import { paths } from '@/config/paths';

/** An unknown URL: the same not-found layout as a missing record, with a way back to the start. */
export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <NotFoundState
        title="Página não encontrada"
        description="A página que você procura não existe ou foi movida."
        backHref={paths.home.getHref()}
        backLabel="Voltar ao início"
      />
    </main>
  );
}
