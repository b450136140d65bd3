import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeaturedFeedbackList, FeedbackResults } from '@shared/feedback';
import { seedDemo } from '@server/demo/seed';
import { demoOrganizers } from '@server/demo/seed-events';
import { events, profiles } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn } from '../helpers/auth';

// The demo's survey (docs/product/feedback.md#demo): the past Hamburg workshop has 'Wie war's?' on with six
// answers; Miriam, its organizer, reads them, and two of them stand under her in 'Wer wir sind'.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db)).toBe(true);
});
afterAll(() => t.close());

describe('demo feedback', () => {
  it('shows six answers to the workshop’s organizer and two featured comments under her', async () => {
    const [event] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.slug, 'achtsamkeit-im-alltag-hamburg'));
    const miriam = await signIn(t, demoOrganizers.miriam.email);
    const res = await t.app.request(`/api/feedback/events/${event!.id}`, {
      headers: { cookie: miriam.cookie },
    });
    expect(res.status).toBe(200);
    const results = (await res.json()) as FeedbackResults;
    expect(results).toMatchObject({ enabled: true, count: 6, average: 4.3 });
    expect(results.answers.filter((answer) => answer.featured)).toHaveLength(2);

    const [profile] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, demoOrganizers.miriam.email));
    const featured = (await (await t.app.request('/api/feedback/featured')).json()) as FeaturedFeedbackList;
    expect(featured.comments).toHaveLength(2);
    expect(featured.comments.every((comment) => comment.organizerIds.includes(profile!.id))).toBe(true);
  });
});
