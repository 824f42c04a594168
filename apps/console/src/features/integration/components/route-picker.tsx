import type { TIntegrationRoute } from '@wm/contracts';
import { useState } from 'react';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Routes whose name, endpoint or description contain `search`, ignoring case. */
export function filterRoutes(routes: readonly TIntegrationRoute[], search: string) {
  const term = search.trim().toLocaleLowerCase('pt-BR');
  if (!term) return routes;
  return routes.filter((route) =>
    [route.name, route.endpoint, route.description ?? ''].some((text) =>
      text.toLocaleLowerCase('pt-BR').includes(term),
    ),
  );
}

/** The route step: a text search narrowing the route list, then the route. */
export function RoutePicker({
  routes,
  value,
  onChange,
  isDisabled,
}: {
  routes: readonly TIntegrationRoute[];
  value: string | undefined;
  onChange: (routeId: string) => void;
  isDisabled: boolean;
}) {
  const [search, setSearch] = useState('');
  const shown = filterRoutes(routes, search);
  // The chosen route stays selectable (and named in the trigger) while the search hides it.
  const chosen = routes.find((route) => route.id === value);
  const options = chosen && !shown.includes(chosen) ? [chosen, ...shown] : shown;
  return (
    <div className="grid gap-2">
      <Label htmlFor="integration-route">Rota</Label>
      <SearchInput
        aria-label="Buscar rota"
        placeholder="Buscar rota por nome ou endpoint..."
        value={search}
        disabled={isDisabled}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Select value={value ?? ''} onValueChange={onChange} disabled={isDisabled}>
        <SelectTrigger id="integration-route" aria-label="Rota">
          <SelectValue placeholder={isDisabled ? 'Selecione uma aplicação primeiro' : 'Selecione uma rota'} />
        </SelectTrigger>
        <SelectContent>
          {options.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">Nenhuma rota encontrada</p>
          ) : (
            options.map((route) => (
              <SelectItem key={route.id} value={route.id}>
                {route.name} — {route.method} {route.endpoint}
              </SelectItem>
            ))
          )}
        </SelectContent>
      </Select>
    </div>
  );
}
