import type { AuthType } from '@wm/contracts';
import { Badge } from '@/components/ui/badge';
import { UrlText } from '@/components/ui/url-text';

export const authTypeLabel: Record<AuthType, string> = {
  NONE: 'Nenhuma',
  BASIC: 'Basic Auth',
  BEARER: 'Bearer Token',
  API_KEY: 'API Key',
};

export function AuthTypeBadge({ type }: { type: string }) {
  return <Badge variant="outline">{authTypeLabel[type as AuthType] ?? type}</Badge>;
}

/** Callback URL with its auth type badge, or 'Nenhuma'. */
export function CallbackSummary({ url, authType }: { url: string | null; authType: string }) {
  if (!url) return <span className="text-sm text-muted-foreground">Nenhuma</span>;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <UrlText url={url} />
      <AuthTypeBadge type={authType} />
    </div>
  );
}
