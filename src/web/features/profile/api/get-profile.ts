import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileDetails } from '@shared/profile';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export const getProfile = () => apiFetch<ProfileDetails>('/api/profile');

export const profileQuery = queryOptions({ queryKey: queryKeys.profile, queryFn: getProfile, staleTime: 0 });

export const useProfile = () => useQuery(profileQuery);
