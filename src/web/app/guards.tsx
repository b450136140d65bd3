import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession, type Role } from '@web/lib/session';
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

/** Signed-in users of the given roles; anyone else gets the access-denied toast and goes home. */
function RequireRole({ roles, area, children }: { roles: Role[]; area: string; children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  const denied = status === 'signed-in' && !(user && roles.includes(user.role));
  useEffect(() => {
    if (denied) {
      toast.error('Access Denied', { description: `You don't have permission to access the ${area}.` });
    }
  }, [denied, area]);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location }} />;
  if (denied) return <Navigate to="/" replace />;
  return children;
}

/**
 * Admins only (docs/product/admin.md#admin-area-admins-only). The server checks the role again on every admin
 * endpoint.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireRole roles={['admin']} area="admin area">
      {children}
    </RequireRole>
  );
}

/**
 * Organizers and admins (docs/product/organizer-day.md#organizer-area): the organizer area, its participant
 * lists and the door check-in. The server checks again on every endpoint, and answers 403 for an event the
 * organizer is not assigned to.
 */
export function RequireOrganizer({ children }: { children: ReactNode }) {
  return (
    <RequireRole roles={['organizer', 'admin']} area="organizer area">
      {children}
    </RequireRole>
  );
}
