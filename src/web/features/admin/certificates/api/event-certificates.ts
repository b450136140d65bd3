import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventCertificates } from '@shared/certificates';
import { apiFetch } from '@web/lib/api-client';
import { adminEventPath, CERTIFICATE_KEYS } from './certificate-keys';

/** GET /api/admin/events/:id/certificates: each ticket with its certificates (docs/product/certificates.md#by-hand). */
export const eventCertificatesQuery = (eventId: string) =>
  queryOptions({
    queryKey: CERTIFICATE_KEYS.list(eventId),
    queryFn: ({ signal }) => apiFetch<EventCertificates>(adminEventPath(eventId, 'certificates'), { signal }),
    staleTime: 0,
    retry: false,
  });

export const useEventCertificates = (eventId: string) => useQuery(eventCertificatesQuery(eventId));

/** POST …/certificates: the named tickets, or with none every ticket that gets one ('Alle ausstellen'). */
export const issueCertificates = ({ eventId, ticketIds }: { eventId: string; ticketIds?: string[] }) =>
  apiFetch<{ issued: number }>(adminEventPath(eventId, 'certificates'), {
    method: 'POST',
    body: JSON.stringify(ticketIds ? { ticketIds } : {}),
  });

/** POST /api/admin/certificates/:id/revoke. */
export const revokeCertificate = ({ certificateId }: { eventId: string; certificateId: string }) =>
  apiFetch<{ ok: true }>(`/api/admin/certificates/${encodeURIComponent(certificateId)}/revoke`, {
    method: 'POST',
  });

/** POST /api/admin/certificates/:id/reissue with the name the new one carries. */
export const reissueCertificate = ({
  certificateId,
  name,
}: {
  eventId: string;
  certificateId: string;
  name: string;
}) =>
  apiFetch<{ id: string; code: string }>(
    `/api/admin/certificates/${encodeURIComponent(certificateId)}/reissue`,
    {
      method: 'POST',
      body: JSON.stringify({ name }),
    },
  );

/** The three changes of the list; each reads the list again. */
export function useCertificateActions() {
  const queryClient = useQueryClient();
  const refresh = ({ eventId }: { eventId: string }) =>
    void queryClient.invalidateQueries({ queryKey: CERTIFICATE_KEYS.list(eventId) });
  return {
    issue: useMutation({ mutationFn: issueCertificates, onSuccess: (_, input) => refresh(input) }),
    revoke: useMutation({ mutationFn: revokeCertificate, onSuccess: (_, input) => refresh(input) }),
    reissue: useMutation({ mutationFn: reissueCertificate, onSuccess: (_, input) => refresh(input) }),
  };
}
