import type { TCreateRouteRequest, TRoute } from '@wm/contracts';

/** A new route is a POST endpoint and starts active. */
export const newRouteFormValues = (): TCreateRouteRequest => ({
  name: '',
  endpoint: '',
  method: 'POST',
  applicationId: '',
  description: '',
  isActive: true,
});

export const routeToFormValues = (route: TRoute): TCreateRouteRequest => ({
  name: route.name,
  endpoint: route.endpoint,
  method: route.method,
  applicationId: route.applicationId,
  description: route.description ?? '',
  isActive: route.isActive,
});
