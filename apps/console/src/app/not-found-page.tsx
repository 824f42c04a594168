import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Página não encontrada</h1>
      <p className="text-muted-foreground">A página que você procura não existe ou foi movida.</p>
      <Button asChild>
        <Link to={paths.home.getHref()}>Voltar ao início</Link>
      </Button>
    </main>
  );
}
