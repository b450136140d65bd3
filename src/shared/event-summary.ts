/** The few public fields of an event that sign-in and other small views show (no internal fields). */
export interface EventSummary {
  id: string;
  slug: string;
  title: string;
  shortDescription: string | null;
  imageUrl: string | null;
  startTime: string;
  endTime: string;
  status: string;
}
