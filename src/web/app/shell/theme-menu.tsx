import { Moon, Sun } from 'lucide-react';
import { THEME_LABELS } from '@shared/theme';
import { useTheme } from '@web/lib/theme';
import { Button } from '@web/components/ui/button';
import { DeferredPopup } from '@web/components/deferred-popup';
import { THEME_CHOICES, THEME_ICONS } from './theme-choices';

// The menu's code (Radix) is fetched at its first use, not with the page.
const loadPopup = () => import('./theme-menu-popup');

/** Desktop theme switch: Hell, Dunkel, System. */
export function ThemeMenu() {
  const { choice } = useTheme();
  return (
    <DeferredPopup
      load={loadPopup}
      kind="menu"
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Darstellung: ${THEME_LABELS[choice]}`}>
          {/* The theme's class picks the icon, so the server-rendered HTML already shows the right one
              (docs/architecture.md#server-rendering). */}
          <Sun className="h-5 w-5 dark:hidden" aria-hidden />
          <Moon className="hidden h-5 w-5 dark:block" aria-hidden />
        </Button>
      }
      render={(Popup, props) => <Popup {...props} />}
    />
  );
}

/** Mobile variant, labelled 'Darstellung' (docs/product/site.md#theme). */
export function ThemeRadioGroup() {
  const { choice, setChoice } = useTheme();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-muted-foreground">Darstellung</legend>
      <div className="grid grid-cols-3 gap-2">
        {THEME_CHOICES.map((option) => {
          const OptionIcon = THEME_ICONS[option];
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
