import type { TApplicationStats } from '@wm/contracts';
import { AppWindow, Globe, Lock, Zap } from 'lucide-react';
import { StatCard, StatGrid } from '@/components/ui/card';

export function ApplicationCounters({ stats, isLoading }: { stats?: TApplicationStats; isLoading: boolean }) {
  return (
    <StatGrid>
      <StatCard label="Total" value={stats?.total ?? 0} icon={<AppWindow />} isLoading={isLoading} />
      <StatCard label="Públicas" value={stats?.public ?? 0} icon={<Globe />} isLoading={isLoading} />
      <StatCard label="Privadas" value={stats?.private ?? 0} icon={<Lock />} isLoading={isLoading} />
      <StatCard label="Eventos" value={stats?.events ?? 0} icon={<Zap />} isLoading={isLoading} />
    </StatGrid>
  );
}
