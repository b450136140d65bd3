import type { ReactNode } from 'react';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { lazyPart } from '@web/lib/lazy-part';
import { useSession } from '@web/lib/session';
import { useSettings } from '@web/lib/settings';

// shown only in coming-soon mode, which the server never renders: not in the first download
const ComingSoonPage = lazyPart(
  () => import('@web/features/site/coming-soon-page').then((m) => m.ComingSoonPage),
  <PageSpinner />,
);

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
