import { Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { USER_ADMIN_MESSAGES, USER_SEARCH_DEBOUNCE_MS, type AdminUserEntry } from '@shared/admin-users';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { usePageTitle } from '@web/lib/page-title';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useDeleteUser } from './api/delete-user';
import { useDeletionPreview } from './api/get-deletion-preview';
import { DeletionSummary } from './components/deletion-summary';
import { useUsers } from './api/get-users';
import { CreateUserDialog } from './components/create-user-dialog';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { UsersTable } from './components/users-table';
import { Input } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

/** 'Benutzer' at /admin/users; ?user= narrows the list to one user (docs/product/admin.md#admin-users). */
export function UsersPage() {
  usePageTitle('Benutzer');
  const [params] = useSearchParams();
  const onlyUser = params.get('user') ?? undefined;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const users = useUsers({ search: debounced, page, user: onlyUser });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminUserEntry | null>(null);
  const remove = useDeleteUser();
  const preview = useDeletionPreview(deleting?.id ?? null);

  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${deleting.email} gelöscht`);
      setDeleting(null);
    } catch (error) {
      toast.error(messageOf(error, USER_ADMIN_MESSAGES.deleteFailed));
      setDeleting(null);
    }
  };

  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="users-heading" className="text-2xl font-semibold tracking-tight">
          Benutzer
        </h1>
        <Button onClick={() => setCreating(true)}>
          <UserPlus className="h-4 w-4" aria-hidden />
          Neuer Benutzer
        </Button>
      </div>

      <div className="relative max-w-md">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <label htmlFor="user-search" className="sr-only">
          Benutzer suchen
        </label>
        <Input
          size="sm"
          id="user-search"
          type="search"
          placeholder="Nach E-Mail oder Name suchen"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          className="pl-9"
        />
      </div>
      {onlyUser && (
        <p className="text-sm text-muted-foreground">
          Es wird ein einzelner Benutzer gezeigt.{' '}
          <Link to="/admin/users" className="font-medium text-primary underline-offset-4 hover:underline">
            Alle Benutzer zeigen
          </Link>
        </p>
      )}

      {users.isPending ? (
        <PageSpinner />
      ) : users.isError ? (
        <ErrorText size="base">{messageOf(users.error, 'Benutzer konnten nicht geladen werden.')}</ErrorText>
      ) : users.data.users.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {USER_ADMIN_MESSAGES.empty}
        </p>
      ) : (
        <>
          <UsersTable users={users.data.users} onDelete={setDeleting} />
          <nav aria-label="Seiten" className="flex items-center justify-end gap-3 text-sm">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Zurück
            </Button>
            <span aria-live="polite">
              Seite {page} / {pages} · {users.data.total} Benutzer
            </span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Weiter
            </Button>
          </nav>
        </>
      )}

      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={USER_ADMIN_MESSAGES.confirmDelete}
        description={deleting && <DeletionSummary email={deleting.email} preview={preview.data} />}
        size="lg"
        inlineActions
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
