import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@web/lib/session';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { toast } from '@web/lib/toast';

/** Signed-out visitors go to /login with the origin remembered (docs/product/site.md#sign-in-required). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}

/**
 * Admins only (docs/product/admin.md#admin-area-admins-only). The server checks the role again on every admin
 * endpoint.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  const denied = status === 'signed-in' && user?.role !== 'admin';
  useEffect(() => {
    if (denied) {
      toast.error('Access Denied', { description: "You don't have permission to access the admin area." });
    }
  }, [denied]);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location }} />;
  if (denied) return <Navigate to="/" replace />;
  return children;
}
