import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserPage } from '@shared/admin-users';
import { apiFetch } from '@web/lib/api-client';

export interface UserListParams {
  search: string;
  page: number;
  /** One user by id (the tickets screen links /admin/users?user=…). */
  user?: string;
}

export const USERS_KEY = ['admin', 'users'] as const;

export function getUsers({ search, page, user }: UserListParams) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  if (user) query.set('user', user);
  return apiFetch<AdminUserPage>(`/api/admin/users?${query}`);
}

export const usersQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: [...USERS_KEY, params],
    queryFn: () => getUsers(params),
    // the table keeps its rows while the next page or search loads
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UserListParams) => useQuery(usersQuery(params));
