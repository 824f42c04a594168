import {
  AppWindow,
  Bell,
  Code2,
  FileText,
  House,
  type LucideIcon,
  Route,
  ScrollText,
  Workflow,
  Zap,
} from 'lucide-react';
import { paths } from '@/config/paths';

export type NavItem = { label: string; href: string; icon: LucideIcon; matchSubPaths: boolean };
export type NavGroup = { label?: string; items: NavItem[] };

/** The side menu; every entry but Início stays highlighted on its sub-paths (`/events/{id}` → Eventos). */
export const navGroups: NavGroup[] = [
  {
    items: [
      { label: 'Início', href: paths.home.getHref(), icon: House, matchSubPaths: false },
      { label: 'Aplicações', href: paths.applications.list.getHref(), icon: AppWindow, matchSubPaths: true },
      { label: 'Eventos', href: paths.events.list.getHref(), icon: Zap, matchSubPaths: true },
      { label: 'Assinaturas', href: paths.subscriptions.list.getHref(), icon: Bell, matchSubPaths: true },
    ],
  },
  {
    label: 'Automação',
    items: [
      { label: 'Rotas', href: paths.routes.list.getHref(), icon: Route, matchSubPaths: true },
      { label: 'Regras', href: paths.eventRules.list.getHref(), icon: Workflow, matchSubPaths: true },
      { label: 'Integração', href: paths.integration.getHref(), icon: Code2, matchSubPaths: true },
    ],
  },
  {
    label: 'Monitoramento',
    items: [
      { label: 'Log de Assinaturas', href: paths.logs.list.getHref(), icon: FileText, matchSubPaths: true },
      {
        label: 'Log de Eventos',
        href: paths.eventLogs.list.getHref(),
        icon: ScrollText,
        matchSubPaths: true,
      },
    ],
  },
];
