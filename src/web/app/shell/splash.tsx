import { useEffect, useState } from 'react';
import { useSettings } from '@web/lib/settings';
import { useTheme } from '@web/lib/theme';

const SPLASH_MS = 500;

/** The loading splash shown for 500 ms at start, with the logo for the current theme. */
export function Splash() {
  const [visible, setVisible] = useState(true);
  const { brand } = useSettings();
  const { resolved } = useTheme();
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  const brandLogo = resolved === 'dark' ? brand.logoDarkUrl : brand.logoLightUrl;
  return (
    <div
      className="fixed inset-0 z-[100] flex items-center justify-center bg-background"
      role="status"
      aria-label="Wird geladen"
      data-testid="splash"
    >
      <img
        src={brandLogo || '/logo.svg'}
        onError={(event) => {
          event.currentTarget.src = '/logo.svg';
        }}
        alt=""
        className="h-20 w-20 animate-pulse"
      />
    </div>
  );
}
