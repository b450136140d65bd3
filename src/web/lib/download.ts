// A file of the API fetched for saving: the CSV exports and ticket PDFs of the admin screens.

/** A failed download; `status` 0 stands for no answer at all. */
export class DownloadError extends Error {
  override name = 'DownloadError';
  constructor(readonly status: number) {
    super(`Download fehlgeschlagen (${status})`);
  }
}

/** A file of the API as a blob; an error answer (or JSON instead of the file) throws DownloadError. */
export async function download(path: string, init: RequestInit, accept: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: accept, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch {
    throw new DownloadError(0);
  }
  if (!response.ok || response.headers.get('Content-Type')?.includes('json')) {
    throw new DownloadError(response.status);
  }
  return response.blob();
}
