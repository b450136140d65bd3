import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { ErrorText } from '@web/components/ui/error-text';

/** A list of the page while it loads, when it failed (with 'Erneut versuchen'), empty, or its rows. */
export function LoadState({
  query,
  failedText,
  emptyText,
  isEmpty,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  failedText: string;
  emptyText: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <ErrorText alert={false} size="base">
          {messageOf(query.error, failedText)}
        </ErrorText>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Erneut versuchen
        </Button>
      </div>
    );
  }
  if (isEmpty) {
    return (
      <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
        {emptyText}
      </p>
    );
  }
  return <div aria-busy={query.isFetching}>{children}</div>;
}
