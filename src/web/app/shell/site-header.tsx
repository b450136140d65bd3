import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '@web/lib/session';
import { AccountMenu } from './account-menu';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { navItemsFor } from './nav-items';
import { ThemeMenu } from './theme-menu';

export function SiteHeader() {
  const { user } = useSession();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" aria-label="Zur Startseite" className="shrink-0 rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Hauptnavigation" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navItemsFor(user, pathname).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                      isActive ? 'bg-accent text-accent-foreground' : 'text-foreground hover:bg-muted'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <div className="hidden md:block">
            <ThemeMenu />
          </div>
          {user && <AccountMenu user={user} />}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}
