import { useEffect } from 'react';
import { useSettings } from './settings';

export function usePageTitle(title: string): void {
  const { siteName } = useSettings().brand;
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
