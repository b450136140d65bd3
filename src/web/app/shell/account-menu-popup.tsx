import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarDays, LogOut, Shield, Ticket, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { PopupProps } from '@web/components/deferred-popup';
import type { SessionUser } from '@web/lib/session';
import { MenuContent } from './menu-content';
import { useSignOut } from './use-sign-out';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted';

/** The account menu itself, fetched at its first use (see `AccountMenu`). */
export default function AccountMenuPopup({
  user,
  open,
  onOpenChange,
  trigger,
}: PopupProps & { user: SessionUser }) {
  const navigate = useNavigate();
  const onSignOut = useSignOut();
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <MenuContent minWidth="min-w-52">
        <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted-foreground">
          {user.email}
        </DropdownMenu.Label>
        <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/profile')}>
          <User className="h-4 w-4" aria-hidden /> Mein Account
        </DropdownMenu.Item>
        <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/my-tickets')}>
          <Ticket className="h-4 w-4" aria-hidden /> Meine Tickets
        </DropdownMenu.Item>
        {user.role === 'organizer' && (
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/veranstalter')}>
            <CalendarDays className="h-4 w-4" aria-hidden /> Veranstalter
          </DropdownMenu.Item>
        )}
        {user.role === 'admin' && (
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/admin')}>
            <Shield className="h-4 w-4" aria-hidden /> Administration
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <DropdownMenu.Item className={itemClass} onSelect={() => void onSignOut()}>
          <LogOut className="h-4 w-4" aria-hidden /> Abmelden
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
