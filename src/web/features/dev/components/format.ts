// The dev mailbox is a developer tool; a later shared formatting module (de-DE) can replace these.

export function formatMailTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(
    new Date(iso),
  );
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(bytes / 1024)} KB`;
}
