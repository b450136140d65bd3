/** Query keys of the certificate screens (docs/product/certificates.md). */
export const CERTIFICATE_KEYS = {
  settings: (eventId: string) => ['admin', 'certificates', 'settings', eventId] as const,
  list: (eventId: string) => ['admin', 'certificates', 'list', eventId] as const,
};

export const adminEventPath = (eventId: string, rest: string) =>
  `/api/admin/events/${encodeURIComponent(eventId)}/${rest}`;

/** The PDF of an issued certificate, for the back office (any state). */
export const adminCertificatePdfUrl = (certificateId: string) =>
  `/api/admin/certificates/${encodeURIComponent(certificateId)}/pdf`;

/** A sample certificate with the saved settings ('Vorschau (PDF)'). */
export const certificatePreviewUrl = (eventId: string) =>
  adminEventPath(eventId, 'certificate-settings/preview');
