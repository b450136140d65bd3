import { initialsOf } from '@shared/initials';
import { DeferredPopup } from '@web/components/deferred-popup';
import type { SessionUser } from '@web/lib/session';

// The menu's code (Radix) is fetched at its first use, not with the page.
const loadPopup = () => import('./account-menu-popup');

/** Mein Account, Meine Tickets, Administration (admins), Abmelden (docs/product/site.md#header). */
export function AccountMenu({ user }: { user: SessionUser }) {
  return (
    <DeferredPopup
      load={loadPopup}
      kind="menu"
      trigger={
        <button
          type="button"
          className="flex h-10 w-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          aria-label="Konto-Menü"
        >
          {initialsOf(user.fullName)}
        </button>
      }
      render={(Popup, props) => <Popup {...props} user={user} />}
    />
  );
}
