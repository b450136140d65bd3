/** Query keys of the admin event screens; mutations invalidate only the ones they change. */
export const ADMIN_EVENT_KEYS = {
  all: ['admin', 'events'] as const,
  list: ['admin', 'events', 'list'] as const,
  detail: (id: string) => ['admin', 'events', 'detail', id] as const,
  formOptions: ['admin', 'events', 'form-options'] as const,
  slugCheck: (slug: string, exceptId: string | undefined) =>
    ['admin', 'events', 'slug-check', slug, exceptId ?? ''] as const,
};
