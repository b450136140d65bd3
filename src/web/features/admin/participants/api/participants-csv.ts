import { saveBlob } from '@web/lib/save-blob';
import { download } from '@web/lib/download';

/** The file name of the participant list: teilnehmende-{slug}.csv. */
export const participantsCsvFileName = (slug: string) => `teilnehmende-${slug}.csv`;

/**
 * GET /api/participants/{eventId}/csv, saved as a file the way 'Tickets verwalten' saves its CSV
 * (docs/product/organizer-day.md#participants).
 */
export async function downloadParticipantsCsv(eventId: string, slug: string): Promise<void> {
  const blob = await download(`/api/participants/${encodeURIComponent(eventId)}/csv`, {}, 'text/csv');
  saveBlob(blob, participantsCsvFileName(slug));
}
