import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateSettingsInput, CertificateSettingsView } from '@shared/certificates';
import { apiFetch } from '@web/lib/api-client';
import { adminEventPath, CERTIFICATE_KEYS } from './certificate-keys';

/** GET /api/admin/events/:id/certificate-settings (docs/product/certificates.md#settings). */
export const certificateSettingsQuery = (eventId: string) =>
  queryOptions({
    queryKey: CERTIFICATE_KEYS.settings(eventId),
    queryFn: ({ signal }) =>
      apiFetch<CertificateSettingsView>(adminEventPath(eventId, 'certificate-settings'), { signal }),
    staleTime: 0,
    retry: false,
  });

export const useCertificateSettings = (eventId: string) => useQuery(certificateSettingsQuery(eventId));

/** PUT …/certificate-settings: the card's 'Speichern'. */
export const saveCertificateSettings = ({
  eventId,
  settings,
}: {
  eventId: string;
  settings: CertificateSettingsInput;
}) =>
  apiFetch<CertificateSettingsView>(adminEventPath(eventId, 'certificate-settings'), {
    method: 'PUT',
    body: JSON.stringify(settings),
  });

export function useSaveCertificateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCertificateSettings,
    onSuccess: (view, { eventId }) => {
      queryClient.setQueryData(CERTIFICATE_KEYS.settings(eventId), view);
      void queryClient.invalidateQueries({ queryKey: CERTIFICATE_KEYS.list(eventId) });
    },
  });
}

/** POST …/certificate-settings/signature with the chosen image (checked and re-encoded on the server). */
export const uploadCertificateSignature = ({ eventId, file }: { eventId: string; file: File }) => {
  const form = new FormData();
  form.append('file', file, file.name || 'unterschrift.png');
  return apiFetch<{ ok: true }>(adminEventPath(eventId, 'certificate-settings/signature'), {
    method: 'POST',
    body: form,
  });
};

/** DELETE …/certificate-settings/signature. */
export const removeCertificateSignature = (eventId: string) =>
  apiFetch<{ ok: true }>(adminEventPath(eventId, 'certificate-settings/signature'), { method: 'DELETE' });

export function useCertificateSignature() {
  const queryClient = useQueryClient();
  const refresh = (eventId: string) =>
    void queryClient.invalidateQueries({ queryKey: CERTIFICATE_KEYS.settings(eventId) });
  return {
    upload: useMutation({
      mutationFn: uploadCertificateSignature,
      onSuccess: (_, { eventId }) => refresh(eventId),
    }),
    remove: useMutation({
      mutationFn: removeCertificateSignature,
      onSuccess: (_, eventId) => refresh(eventId),
    }),
  };
}
