import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { THEME_LABELS, type ThemeChoice } from '@shared/theme';
import type { PopupProps } from '@web/components/deferred-popup';
import { useTheme } from '@web/lib/theme';
import { MenuContent } from './menu-content';
import { THEME_CHOICES, THEME_ICONS } from './theme-choices';

/** The desktop theme menu itself, fetched at its first use (see `ThemeMenu`). */
export default function ThemeMenuPopup({ open, onOpenChange, trigger }: PopupProps) {
  const { choice, setChoice } = useTheme();
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <MenuContent minWidth="min-w-40">
        <DropdownMenu.RadioGroup value={choice} onValueChange={(value) => setChoice(value as ThemeChoice)}>
          {THEME_CHOICES.map((option) => {
            const OptionIcon = THEME_ICONS[option];
            return (
              <DropdownMenu.RadioItem
                key={option}
                value={option}
                className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[state=checked]:font-semibold"
              >
                <OptionIcon className="h-4 w-4" aria-hidden />
                {THEME_LABELS[option]}
              </DropdownMenu.RadioItem>
            );
          })}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
