import type { TApplicationListItem } from '@wm/contracts';
import { Eye, Pencil, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApplicationVisibilityBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { truncateKey } from '@/lib/format';

export function ApplicationCard({ application }: { application: TApplicationListItem }) {
  return (
    <Card data-testid="application-card">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <CardTitle className="truncate" title={application.name}>
          {application.name}
        </CardTitle>
        <ApplicationVisibilityBadge visibility={application.visibility} />
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <p className="flex items-center gap-2 text-muted-foreground">
          <Zap className="size-4" />
          {application._count.events} {application._count.events === 1 ? 'evento' : 'eventos'}
        </p>
        <code className="block truncate rounded bg-muted px-2 py-1 font-mono text-xs">
          {truncateKey(application.apiKeyPrefix)}
        </code>
        {application.callbackUrl ? (
          <p className="truncate font-mono text-xs text-muted-foreground" title={application.callbackUrl}>
            {application.callbackUrl}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="mt-auto">
        <Button asChild variant="outline" size="sm" className="flex-1">
          <Link to={paths.applications.detail.getHref(application.id)}>
            <Eye />
            Ver Detalhes
          </Link>
        </Button>
        {application.permissions.canWrite ? (
          <Button asChild variant="outline" size="sm" className="flex-1">
            <Link to={paths.applications.edit.getHref(application.id)}>
              <Pencil />
              Editar
            </Link>
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}

export function ApplicationCardSkeleton() {
  return (
    <Card data-testid="application-card-skeleton">
      <CardHeader>
        <Skeleton className="h-5 w-2/3" />
      </CardHeader>
      <CardContent className="space-y-2">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-6 w-full" />
      </CardContent>
      <CardFooter>
        <Skeleton className="h-8 w-full" />
      </CardFooter>
    </Card>
  );
}
