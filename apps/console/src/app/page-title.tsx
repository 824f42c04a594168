import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';

const APP_NAME = 'Webhook Manager';

type TitleHandle = { title: string };

/** A route's `handle`: the screen's name, shown in the header and in the browser tab. */
export const pageTitle = (title: string): TitleHandle => ({ title });

const hasTitle = (handle: unknown): handle is TitleHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as TitleHandle).title === 'string';

/** The title of the deepest matched route that has one ('Eventos', 'Detalhes do Evento', …). */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (hasTitle(handle)) return handle.title;
  }
  return undefined;
}

/** Root of the router: keeps `document.title` as 'Eventos · Webhook Manager' on every screen. */
export function DocumentTitle() {
  const title = usePageTitle();
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
  return <Outlet />;
}
