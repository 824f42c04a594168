import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RequireGuest, RequireSession } from '@/lib/session';
import { PageFallback } from './layout/page-fallback';
import { lazyPage } from './lazy-page';
import { DocumentTitle, pageTitle } from './page-title';

/**
 * Signed-in screens, one entry each. To build a screen, replace its placeholder import
 * with your page module (a default-exported component under `features/<domain>/pages/`).
 */
const appRoutes: RouteObject[] = [
  {
    path: paths.home.path,
    handle: pageTitle('Dashboard'),
    element: lazyPage(() => import('@/features/home/pages/home-page')),
  },

  {
    path: paths.applications.list.path,
    handle: pageTitle('Aplicações'),
    element: lazyPage(() => import('@/features/applications/pages/applications-list-page')),
  },
  {
    path: paths.applications.new.path,
    handle: pageTitle('Nova Aplicação'),
    element: lazyPage(() => import('@/features/applications/pages/application-new-page')),
  },
  {
    path: paths.applications.detail.path,
    handle: pageTitle('Detalhes da Aplicação'),
    element: lazyPage(() => import('@/features/applications/pages/application-detail-page')),
  },
  {
    path: paths.applications.catalog.path,
    handle: pageTitle('Catálogo'),
    element: lazyPage(() => import('@/features/applications/pages/application-catalog-page')),
  },
  {
    path: paths.applications.edit.path,
    handle: pageTitle('Editar Aplicação'),
    element: lazyPage(() => import('@/features/applications/pages/application-edit-page')),
  },

  {
    path: paths.events.list.path,
    handle: pageTitle('Eventos'),
    element: lazyPage(() => import('@/features/events/pages/events-page')),
  },
  {
    path: paths.events.new.path,
    handle: pageTitle('Novo Evento'),
    element: lazyPage(() => import('@/features/events/pages/new-event-page')),
  },
  {
    path: paths.events.detail.path,
    handle: pageTitle('Detalhes do Evento'),
    element: lazyPage(() => import('@/features/events/pages/event-detail-page')),
  },
  {
    path: paths.events.edit.path,
    handle: pageTitle('Editar Evento'),
    element: lazyPage(() => import('@/features/events/pages/edit-event-page')),
  },

  {
    path: paths.subscriptions.list.path,
    handle: pageTitle('Assinaturas'),
    element: lazyPage(() => import('@/features/subscriptions/pages/subscriptions-page')),
  },
  {
    path: paths.subscriptions.new.path,
    handle: pageTitle('Nova Assinatura'),
    element: lazyPage(() => import('@/features/subscriptions/pages/new-subscription-page')),
  },
  {
    path: paths.subscriptions.detail.path,
    handle: pageTitle('Detalhes da Assinatura'),
    element: lazyPage(() => import('@/features/subscriptions/pages/subscription-detail-page')),
  },
  {
    path: paths.subscriptions.edit.path,
    handle: pageTitle('Editar Assinatura'),
    element: lazyPage(() => import('@/features/subscriptions/pages/edit-subscription-page')),
  },

  {
    path: paths.logs.list.path,
    handle: pageTitle('Log de Assinaturas'),
    element: lazyPage(() => import('@/features/logs/pages/logs-page')),
  },
  {
    path: paths.logs.detail.path,
    handle: pageTitle('Detalhes do Log'),
    element: lazyPage(() => import('@/features/logs/pages/log-detail-page')),
  },

  {
    path: paths.profile.path,
    handle: pageTitle('Perfil'),
    element: lazyPage(() => import('@/features/profile/pages/profile-page')),
  },
  {
    path: paths.notifications.path,
    handle: pageTitle('Avisos'),
    element: lazyPage(() => import('@/features/notifications/pages/notifications-page')),
  },
  {
    path: paths.admin.path,
    handle: pageTitle('Usuários'),
    element: lazyPage(() => import('@/features/admin-users/pages/admin-users-page')),
  },

  {
    path: paths.eventLogs.list.path,
    handle: pageTitle('Log de Eventos'),
    element: lazyPage(() => import('@/features/event-logs/pages/event-logs-page')),
  },
  {
    path: paths.eventLogs.detail.path,
    handle: pageTitle('Detalhes do Log de Evento'),
    element: lazyPage(() => import('@/features/event-logs/pages/event-log-detail-page')),
  },

  {
    path: paths.eventRules.list.path,
    handle: pageTitle('Regras'),
    element: lazyPage(() => import('@/features/event-rules/pages/event-rules-page')),
  },
  {
    path: paths.eventRules.new.path,
    handle: pageTitle('Nova Regra'),
    element: lazyPage(() => import('@/features/event-rules/pages/new-event-rule-page')),
  },
  {
    path: paths.eventRules.detail.path,
    handle: pageTitle('Detalhes da Regra'),
    element: lazyPage(() => import('@/features/event-rules/pages/event-rule-detail-page')),
  },
  {
    path: paths.eventRules.edit.path,
    handle: pageTitle('Editar Regra'),
    element: lazyPage(() => import('@/features/event-rules/pages/edit-event-rule-page')),
  },

  {
    path: paths.routes.list.path,
    handle: pageTitle('Rotas'),
    element: lazyPage(() => import('@/features/routes/pages/routes-page')),
  },
  {
    path: paths.routes.new.path,
    handle: pageTitle('Nova Rota'),
    element: lazyPage(() => import('@/features/routes/pages/new-route-page')),
  },
  {
    path: paths.routes.detail.path,
    handle: pageTitle('Detalhes da Rota'),
    element: lazyPage(() => import('@/features/routes/pages/route-detail-page')),
  },
  {
    path: paths.routes.edit.path,
    handle: pageTitle('Editar Rota'),
    element: lazyPage(() => import('@/features/routes/pages/edit-route-page')),
  },
  {
    path: paths.routes.newEventType.path,
    handle: pageTitle('Novo Tipo de Evento'),
    element: lazyPage(() => import('@/features/routes/pages/new-event-type-page')),
  },
  {
    path: paths.routes.eventType.path,
    handle: pageTitle('Tipo de Evento'),
    element: lazyPage(() => import('@/features/routes/pages/event-type-detail-page')),
  },
  {
    path: paths.routes.editEventType.path,
    handle: pageTitle('Editar Tipo de Evento'),
    element: lazyPage(() => import('@/features/routes/pages/edit-event-type-page')),
  },
  {
    path: paths.routes.newField.path,
    handle: pageTitle('Novo Campo'),
    element: lazyPage(() => import('@/features/routes/pages/new-field-page')),
  },
  {
    path: paths.routes.editField.path,
    handle: pageTitle('Editar Campo'),
    element: lazyPage(() => import('@/features/routes/pages/edit-field-page')),
  },

  {
    path: paths.integration.path,
    handle: pageTitle('Integração'),
    element: lazyPage(() => import('@/features/integration/pages/integration-page')),
  },
];

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <DocumentTitle />,
      children: [
        {
          path: paths.auth.login.path,
          handle: pageTitle('Entrar'),
          element: (
            <RequireGuest>
              <Suspense fallback={<PageFallback />}>
                {lazyPage(() => import('@/features/auth/pages/login-page'))}
              </Suspense>
            </RequireGuest>
          ),
        },
        {
          element: (
            <RequireSession>
              <Suspense fallback={null}>{lazyPage(() => import('./layout/app-layout'))}</Suspense>
            </RequireSession>
          ),
          children: appRoutes,
        },
        {
          path: '*',
          handle: pageTitle('Página não encontrada'),
          element: (
            <Suspense fallback={<PageFallback />}>{lazyPage(() => import('@/app/not-found-page'))}</Suspense>
          ),
        },
      ],
    },
  ]);
}
