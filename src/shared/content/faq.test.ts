import { describe, it, expect } from 'vitest';
import { FAQ_ENTRIES, faqJsonLd } from './faq';

// The anchors of /help, in this order (docs/product/site.md#help).
const ANCHORS = [
  'q-wie-buche-ich',
  'q-wo-tickets',
  'q-probleme-noetig',
  'q-vorkenntnisse',
  'q-ablauf',
  'q-teilen',
  'q-gruppengroesse',
  'q-therapie',
  'q-einzel-oder-reihe',
  'q-unwohl',
  'q-mitbringen',
  'q-anmeldung',
  'q-storno',
];

const answerOf = (id: string) => FAQ_ENTRIES.find((entry) => entry.id === id)?.answer.join(' ') ?? '';

describe('FAQ content', () => {
  it('has all 13 anchors, in order and unique', () => {
    const ids = FAQ_ENTRIES.map((entry) => entry.id);
    expect(ids).toEqual(ANCHORS);
    expect(new Set(ids).size).toBe(13);
  });

  it('has a question and at least one non-empty paragraph per entry', () => {
    for (const entry of FAQ_ENTRIES) {
      expect(entry.question.trim()).not.toBe('');
      expect(entry.answer.length).toBeGreaterThan(0);
      for (const paragraph of entry.answer) expect(paragraph.trim()).not.toBe('');
    }
  });

  it('states the group sizes: about 6 couples, 12–15 individuals', () => {
    const answer = answerOf('q-gruppengroesse');
    expect(answer).toContain('6 Paare');
    expect(answer).toContain('12–15');
  });

  it('states the fee list of the AGB and where to cancel', () => {
    const answer = answerOf('q-storno');
    expect(answer).toContain('14 Tage');
    expect(answer).toContain('ab 14 Tagen 30 %, ab 7 Tagen 50 %, ab 3 Tagen 100 %');
    expect(answer).toContain('Ersatzperson');
    expect(answer).toContain('Meine Tickets');
  });
});

describe('faqJsonLd', () => {
  it('is a schema.org FAQPage with 13 answered questions', () => {
    const data = faqJsonLd();
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(13);
    for (const question of data.mainEntity) {
      expect(question['@type']).toBe('Question');
      expect(question.name).not.toBe('');
      expect(question.acceptedAnswer['@type']).toBe('Answer');
      expect(question.acceptedAnswer.text.trim()).not.toBe('');
    }
  });

  it('survives a JSON round trip with the same questions in order', () => {
    const parsed = JSON.parse(JSON.stringify(faqJsonLd())) as ReturnType<typeof faqJsonLd>;
    expect(parsed.mainEntity.map((q) => q.name)).toEqual(FAQ_ENTRIES.map((entry) => entry.question));
  });
});
