import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import type { PopupProps } from '@web/components/deferred-popup';
import type { SessionUser } from '@web/lib/session';
import { Button } from '@web/components/ui/button';
import { navItemsFor } from './nav-items';
import { ThemeRadioGroup } from './theme-menu';
import { useSignOut } from './use-sign-out';

/** The slide-in menu itself, fetched at its first use (see `MobileMenu`). */
export default function MobileMenuPopup({
  user,
  open,
  onOpenChange,
  trigger,
}: PopupProps & { user: SessionUser | null }) {
  const { pathname } = useLocation();
  const items = navItemsFor(user, pathname);
  if (user) items.splice(1, 0, { to: '/profile', label: 'Mein Account' });
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col gap-6 bg-card p-6 text-card-foreground shadow-xl transition-transform data-[state=closed]:translate-x-full"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Menü</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Menü schließen">
                <X className="h-6 w-6" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <nav aria-label="Hauptnavigation mobil">
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === '/'}
                    onClick={close}
                    className={({ isActive }) =>
                      `block rounded-lg px-3 py-3 text-base font-medium ${isActive ? 'bg-accent text-accent-foreground' : 'hover:bg-muted'}`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <ThemeRadioGroup />
          {user && <MobileSignOut onDone={close} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MobileSignOut({ onDone }: { onDone: () => void }) {
  const signOut = useSignOut();
  return (
    <Button variant="secondary" className="mt-auto" onClick={() => void signOut().finally(onDone)}>
      Abmelden
    </Button>
  );
}
