import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CoverUploadAnswer } from '@shared/admin-events';
import { apiFetch } from '@web/lib/api-client';
import { storeAdminEvent } from './save-admin-event';

/** POST /api/admin/events/:id/cover with the cropped 2.818:1 image (WebP, else JPEG, from the crop dialog). */
export function uploadEventCover({ eventId, image }: { eventId: string; image: Blob }) {
  const form = new FormData();
  form.append('file', image, image.type === 'image/jpeg' ? 'cover.jpg' : 'cover.webp');
  return apiFetch<CoverUploadAnswer>(`/api/admin/events/${encodeURIComponent(eventId)}/cover`, {
    method: 'POST',
    body: form,
  });
}

export function useUploadEventCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEventCover,
    onSuccess: ({ event }) => storeAdminEvent(queryClient, event),
  });
}
