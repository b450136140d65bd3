import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

/** The open header menus (account, theme): a card below the trigger's right edge, `minWidth` wide at least. */
export function MenuContent({
  minWidth,
  children,
}: {
  minWidth: 'min-w-40' | 'min-w-52';
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className={`z-50 ${minWidth} rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg`}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
