import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateCheck } from '@shared/certificate-check';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/certificates/check/:code: the public check (docs/product/certificates.md#check-page). */
export const certificateCheckQuery = (code: string) =>
  queryOptions({
    queryKey: ['certificates', 'check', code] as const,
    queryFn: ({ signal }) =>
      apiFetch<CertificateCheck>(`/api/certificates/check/${encodeURIComponent(code)}`, { signal }),
    staleTime: 60_000,
    retry: false,
  });

export const useCertificateCheck = (code: string) => useQuery(certificateCheckQuery(code));
