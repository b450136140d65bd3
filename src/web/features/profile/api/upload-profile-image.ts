import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileImageKind } from '@shared/image-upload';
import type { ImageUploadAnswer } from '@shared/profile';
import { apiFetch } from '@web/lib/api-client';
import { storeProfile } from './store-profile';

export function uploadProfileImage({ kind, image }: { kind: ProfileImageKind; image: Blob }) {
  const form = new FormData();
  const extension = image.type === 'image/jpeg' ? 'jpg' : image.type === 'image/png' ? 'png' : 'webp';
  form.append('file', image, `${kind}.${extension}`);
  return apiFetch<ImageUploadAnswer>(`/api/profile/images/${kind}`, { method: 'POST', body: form });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: ({ profile }) => storeProfile(queryClient, profile),
  });
}
