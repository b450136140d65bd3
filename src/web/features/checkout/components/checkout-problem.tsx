import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';

/** A friendly end of the road (not found, over, sold out, expired) with the one link that helps on. */
export function CheckoutProblem({
  title,
  children,
  to,
  linkText,
}: {
  title: string;
  children?: ReactNode;
  to: string;
  linkText: string;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="font-serif text-3xl font-semibold tracking-tight">{title}</h1>
      {children && <div className="mt-3 text-muted-foreground">{children}</div>}
      <Link to={to} className={`${buttonClasses('primary', 'lg')} mt-8`}>
        {linkText}
      </Link>
    </section>
  );
}
