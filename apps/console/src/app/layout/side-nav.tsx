import type { TUser } from '@wm/contracts';
import { LogOut, Shield, User, Webhook } from 'lucide-react';
import { NavLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/session';
import { cn } from '@/lib/utils';
import { navGroups } from './nav-items';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors [&>svg]:size-4',
    isActive
      ? 'bg-primary/10 text-primary'
      : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
  );

/** Menu content shared by the large-screen sidebar and the small-screen drawer. */
export function SideNav({ user, onNavigate }: { user: TUser; onNavigate?: () => void }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const onLogout = () => {
    onNavigate?.();
    logout.mutate(undefined, { onSettled: () => navigate(paths.auth.login.getHref(), { replace: true }) });
  };

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center gap-2 border-b px-5">
        <Webhook className="size-6 text-primary" />
        <span className="font-semibold">Webhook Manager</span>
      </div>
      <nav className="flex-1 space-y-6 overflow-y-auto p-3" aria-label="Menu principal">
        {navGroups.map((group) => (
          <div key={group.label ?? 'main'} className="space-y-1">
            {group.label ? (
              <p className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                {group.label}
              </p>
            ) : null}
            {group.items.map((item) => (
              <NavLink
                key={item.href}
                to={item.href}
                end={!item.matchSubPaths}
                className={itemClass}
                onClick={onNavigate}
              >
                <item.icon />
                {item.label}
              </NavLink>
            ))}
          </div>
        ))}
      </nav>
      <div className="space-y-1 border-t p-3">
        <NavLink to={paths.profile.getHref()} className={itemClass} onClick={onNavigate}>
          <User />
          Perfil
        </NavLink>
        {user.isAdmin ? (
          <NavLink to={paths.admin.getHref()} className={itemClass} onClick={onNavigate}>
            <Shield />
            Admin
          </NavLink>
        ) : null}
        <button
          type="button"
          onClick={onLogout}
          disabled={logout.isPending}
          className={cn(itemClass({ isActive: false }), 'w-full cursor-pointer')}
        >
          <LogOut />
          Sair
        </button>
      </div>
    </div>
  );
}
