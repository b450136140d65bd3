import { useState } from 'react';
import { useSettings } from '@web/lib/settings';

/** Light or dark logo by theme, falling back to the site name (docs/product/site.md#theme). */
export function Logo() {
  const { brand } = useSettings();
  const light = brand.logoLightUrl || brand.logoDarkUrl;
  const dark = brand.logoDarkUrl || brand.logoLightUrl;
  if (light === dark) return <LogoImage url={light} siteName={brand.siteName} />;
  // Both in the page and the theme's class shows one: public/theme-init.js sets it before the first paint, so
  // the server-rendered HTML already shows the right logo (docs/architecture.md#server-rendering).
  return (
    <>
      <span className="contents dark:hidden">
        <LogoImage url={light} siteName={brand.siteName} />
      </span>
      <span className="hidden dark:contents">
        <LogoImage url={dark} siteName={brand.siteName} />
      </span>
    </>
  );
}

function LogoImage({ url, siteName }: { url: string; siteName: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return <img src={url} alt={siteName} className="h-9 w-auto" onError={() => setFailed(url)} />;
  }
  return (
    <span className="flex items-center gap-2">
      <img src="/logo.svg" alt="" className="h-8 w-8" width={32} height={32} />
      <span className="font-serif text-lg font-semibold tracking-tight">{siteName}</span>
    </span>
  );
}
