import { Menu } from 'lucide-react';
import { DeferredPopup } from '@web/components/deferred-popup';
import type { SessionUser } from '@web/lib/session';
import { Button } from '@web/components/ui/button';

// The dialog's code (Radix) is fetched at its first use, not with the page.
const loadPopup = () => import('./mobile-menu-popup');

/** The slide-in menu on small screens (docs/product/site.md#header). */
export function MobileMenu({ user }: { user: SessionUser | null }) {
  return (
    <DeferredPopup
      load={loadPopup}
      kind="dialog"
      trigger={
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Menü öffnen">
          <Menu className="h-6 w-6" aria-hidden />
        </Button>
      }
      render={(Popup, props) => <Popup {...props} user={user} />}
    />
  );
}
