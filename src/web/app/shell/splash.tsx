import { useEffect, useState } from 'react';
import { useSettings } from '@web/lib/settings';

const SPLASH_MS = 500;

/**
 * The loading splash shown for 500 ms at start, with the logo for the current theme. It is part of the
 * server-rendered HTML, so it works before any script: both logos are in it and the theme's class (set by
 * public/theme-init.js before the first paint) shows one; a CSS animation hides it after 500 ms
 * (`animate-splash-out` in src/web/styles/app.css); the component removes it after the same time
 * (docs/architecture.md#server-rendering).
 */
export function Splash() {
  const [visible, setVisible] = useState(true);
  const { brand } = useSettings();
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div
      className="fixed inset-0 z-[100] flex animate-splash-out items-center justify-center bg-background"
      role="status"
      aria-label="Wird geladen"
      data-testid="splash"
    >
      <SplashLogo url={brand.logoLightUrl} className="dark:hidden" />
      <SplashLogo url={brand.logoDarkUrl} className="hidden dark:block" />
    </div>
  );
}

function SplashLogo({ url, className }: { url: string; className: string }) {
  return (
    <img
      src={url || '/logo.svg'}
      onError={(event) => {
        event.currentTarget.src = '/logo.svg';
      }}
      alt=""
      className={`h-20 w-20 animate-pulse ${className}`}
    />
  );
}
