import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Monitor, Moon, Sun } from 'lucide-react';
import { THEME_LABELS, type ThemeChoice } from '@shared/theme';
import { useTheme } from '@web/lib/theme';
import { Button } from '@web/components/ui/button';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;
const CHOICES: ThemeChoice[] = ['light', 'dark', 'system'];

/** Desktop theme switch: Hell, Dunkel, System. */
export function ThemeMenu() {
  const { choice, resolved, setChoice } = useTheme();
  const Icon = resolved === 'dark' ? Moon : Sun;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Darstellung: ${THEME_LABELS[choice]}`}>
          <Icon className="h-5 w-5" aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          <DropdownMenu.RadioGroup value={choice} onValueChange={(value) => setChoice(value as ThemeChoice)}>
            {CHOICES.map((option) => {
              const OptionIcon = ICONS[option];
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Mobile variant, labelled 'Darstellung' (docs/product/site.md#theme). */
export function ThemeRadioGroup() {
  const { choice, setChoice } = useTheme();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-muted-foreground">Darstellung</legend>
      <div className="grid grid-cols-3 gap-2">
        {CHOICES.map((option) => {
          const OptionIcon = ICONS[option];
          return (
            <label
              key={option}
              className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground"
            >
              <input
                type="radio"
                name="theme"
                value={option}
                checked={choice === option}
                onChange={() => setChoice(option)}
                className="sr-only"
              />
              <OptionIcon className="h-4 w-4" aria-hidden />
              {THEME_LABELS[option]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
