import type { ReactNode } from 'react';
import { ComingSoonPage } from '@web/features/site/coming-soon-page';
import { useSession } from '@web/lib/session';
import { useSettings } from '@web/lib/settings';

/**
 * With coming-soon on, signed-out visitors see it on home, event, event login and help
 * (docs/product/site.md#coming-soon).
 */
export function ComingSoonGate({ children }: { children: ReactNode }) {
  const { features } = useSettings();
  const { status } = useSession();
  if (features.comingSoon && status === 'signed-out') return <ComingSoonPage />;
  return children;
}
