import { FileText, type LucideIcon, Plus, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

const LINKS: Array<{ title: string; description: string; href: string; icon: LucideIcon }> = [
  {
    title: 'Nova Aplicação',
    description: 'Crie uma aplicação e obtenha sua API Key.',
    href: paths.applications.new.getHref(),
    icon: Plus,
  },
  {
    title: 'Eventos',
    description: 'Defina os eventos que suas aplicações emitem.',
    href: paths.events.list.getHref(),
    icon: Zap,
  },
  {
    title: 'Logs',
    description: 'Acompanhe as entregas dos webhooks.',
    href: paths.logs.list.getHref(),
    icon: FileText,
  },
];

export function QuickLinks() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {LINKS.map((link) => (
        <Link key={link.href} to={link.href} className="group">
          <Card className="h-full transition-colors group-hover:border-primary">
            <CardHeader className="flex-row items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <link.icon className="size-5" />
              </span>
              <div className="grid gap-1">
                <CardTitle>{link.title}</CardTitle>
                <CardDescription>{link.description}</CardDescription>
              </div>
            </CardHeader>
          </Card>
        </Link>
      ))}
    </div>
  );
}
