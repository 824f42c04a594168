import { ArrowRight, FileText, type LucideIcon, Plus, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

/**
 * Link texts are verbs, not the menu's words ('Eventos', 'Aplicações'), so a
 * link found by name on the home page is never ambiguous with the side menu.
 */
const LINKS: Array<{ title: string; description: string; action: string; href: string; icon: LucideIcon }> = [
  {
    title: 'Nova Aplicação',
    description: 'Crie uma aplicação e obtenha sua API Key.',
    action: 'Criar agora',
    href: paths.applications.new.getHref(),
    icon: Plus,
  },
  {
    title: 'Eventos',
    description: 'Defina o que cada aplicação emite e quem recebe.',
    action: 'Gerenciar',
    href: paths.events.list.getHref(),
    icon: Zap,
  },
  {
    title: 'Logs',
    description: 'Acompanhe cada entrega de webhook e reenvie falhas.',
    action: 'Acompanhar',
    href: paths.logs.list.getHref(),
    icon: FileText,
  },
];

export function QuickLinks() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {LINKS.map((link) => (
        <Card key={link.href} data-testid="quick-link">
          <CardHeader className="flex-row items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <link.icon className="size-5" />
            </span>
            <div className="grid gap-1">
              <CardTitle>{link.title}</CardTitle>
              <CardDescription>{link.description}</CardDescription>
            </div>
          </CardHeader>
          <CardFooter className="mt-auto justify-end">
            <Button asChild variant="ghost" size="sm">
              <Link to={link.href}>
                {link.action}
                <ArrowRight />
              </Link>
            </Button>
          </CardFooter>
        </Card>
      ))}
    </div>
  );
}
