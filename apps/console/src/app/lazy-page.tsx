import { type ComponentType, lazy } from 'react';

/** One code-split chunk per screen: `element: lazyPage(() => import('@/features/x/pages/y-page'))`. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}
