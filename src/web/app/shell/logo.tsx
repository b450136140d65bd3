import { useState } from 'react';
import { useSettings } from '@web/lib/settings';
import { useTheme } from '@web/lib/theme';

/** Light or dark logo by theme, falling back to the site name (docs/product/site.md#theme). */
export function Logo() {
  const { brand } = useSettings();
  const { resolved } = useTheme();
  const url =
    resolved === 'dark' ? brand.logoDarkUrl || brand.logoLightUrl : brand.logoLightUrl || brand.logoDarkUrl;
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return <img src={url} alt={brand.siteName} className="h-9 w-auto" onError={() => setFailed(url)} />;
  }
  return (
    <span className="flex items-center gap-2">
      <img src="/logo.svg" alt="" className="h-8 w-8" width={32} height={32} />
      <span className="font-serif text-lg font-semibold tracking-tight">{brand.siteName}</span>
    </span>
  );
}
