import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileDetails } from '@shared/profile';
import { apiFetch } from '@web/lib/api-client';

export const getProfile = () => apiFetch<ProfileDetails>('/api/profile');

export const profileQuery = queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 0 });

export const useProfile = () => useQuery(profileQuery);
