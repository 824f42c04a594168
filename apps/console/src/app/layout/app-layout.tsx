import { Menu } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogTitle, SheetContent } from '@/components/ui/dialog';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSession } from '@/lib/session';
import { usePageTitle } from '../page-title';
import { PageFallback } from './page-fallback';
import { SideNav } from './side-nav';
import { ThemeToggle } from './theme-toggle';

/** Frame of every signed-in page: side menu (drawer on small screens) and a header naming the screen. */
export default function AppLayout() {
  const { user } = useSession();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const title = usePageTitle() ?? 'Dashboard';
  if (!user) return null;

  return (
    <div className="flex min-h-screen">
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 border-r bg-card lg:block">
        <SideNav user={user} />
      </aside>
      <Dialog open={isMenuOpen} onOpenChange={setIsMenuOpen}>
        <SheetContent>
          <DialogTitle className="sr-only">Menu</DialogTitle>
          <DialogDescription className="sr-only">Navegação do console</DialogDescription>
          <SideNav user={user} onNavigate={() => setIsMenuOpen(false)} />
        </SheetContent>
      </Dialog>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/95 px-4 backdrop-blur lg:px-8">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Abrir menu"
            onClick={() => setIsMenuOpen(true)}
          >
            <Menu />
          </Button>
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold leading-tight" data-testid="header-title">
              {title}
            </p>
            <p className="truncate text-sm text-muted-foreground">Bem-vindo, {user.name}!</p>
          </div>
          <div className="ml-auto flex items-center gap-1">
            <NotificationBell />
            <ThemeToggle />
          </div>
        </header>
        <main className="flex-1 p-4 lg:p-8">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
