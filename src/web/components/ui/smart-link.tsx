import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A router link for our own paths, a plain link for configured external URLs (legal pages may live elsewhere). */
export function SmartLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  if (/^https?:\/\//.test(to)) {
    return (
      <a href={to} className={className} rel="noopener">
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
