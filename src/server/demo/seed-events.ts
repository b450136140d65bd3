// The demo programme of src/server/demo/seed.ts: a couple running personal-development workshops in northern
// Germany. Times are relative to the seeding moment so the demo always has past and upcoming events.
// Slugs match the cover images of scripts/generate-demo-images.mjs (public/demo/covers/{slug}.webp).
import type { EventMode, EventStatus, PriceUnit } from '@shared/events';
import type { UsedPaymentMethod } from '@shared/payment-methods';
import type { AnswerValue, QuestionKind } from '@shared/questions';

export type OrganizerKey = 'miriam' | 'jonas';

export const demoOrganizers: Record<
  OrganizerKey,
  { name: string; email: string; bio: string; portrait: string }
> = {
  miriam: {
    name: 'Miriam Albers',
    email: 'miriam@wachstumsraum.example',
    portrait: 'miriam-albers',
    bio: 'Systemische Coachin und Achtsamkeitslehrerin (MBSR). Sie begleitet seit über zehn Jahren Menschen in Umbruchphasen – mit Ruhe, Humor und viel Zeit in der Natur.',
  },
  jonas: {
    name: 'Jonas Albers',
    email: 'jonas@wachstumsraum.example',
    portrait: 'jonas-albers',
    bio: 'Kommunikationstrainer und Sprecherzieher. Er verbindet Stimmarbeit, Körperwahrnehmung und Gewaltfreie Kommunikation zu Workshops, die im Alltag tragen.',
  },
};

/** Demo attendees who hold the seats taken in the demo (all their bookings and tickets are flagged test). */
export const demoAttendees = [
  'Lena Hoffmann',
  'Tobias Krüger',
  'Sophie Wagner',
  'Jan Schröder',
  'Mareike Jansen',
  'Felix Brandt',
  'Aylin Demir',
  'Paul Neumann',
];

/**
 * A ticket category of a demo event (docs/product/ticket-categories.md). The first one is the category the
 * event got when it was inserted ('Ticket', with the event's price), renamed and given its seats; the others
 * are added. The early bird ends with the event's.
 */
export interface DemoCategory {
  name: string;
  description?: string;
  priceCents: number;
  priceUnit?: PriceUnit;
  earlyBirdPriceCents?: number;
  /** Persons of its own (docs/product/ticket-categories.md#seats); unset = only the event's seats count. */
  capacity?: number;
  /** Only bookable with a code that unlocks it (docs/product/ticket-categories.md#hidden). */
  requiresCode?: boolean;
}

/** A question to the buyers (docs/product/ticket-categories.md#questions). */
export interface DemoQuestion {
  label: string;
  help?: string;
  kind: QuestionKind;
  options?: string[];
  required?: boolean;
  perTicket?: boolean;
}

/** An answer of a demo booking by the question's label; ticket and person for questions asked per ticket. */
export interface DemoAnswer {
  label: string;
  ticket?: number;
  person?: number;
  value: AnswerValue;
}

export interface DemoBooking {
  attendee: number;
  /** Tickets (not persons); with `items` their sum. */
  quantity: number;
  method?: UsedPaymentMethod;
  /** Tickets per category by name; unset = `quantity` of the first category. */
  items?: { category: string; quantity: number }[];
  /** A discount code of seed-categories.ts the booking used (its use counted). */
  code?: string;
  answers?: DemoAnswer[];
}

export interface DemoEvent {
  slug: string;
  title: string;
  shortDescription: string;
  description: string;
  startInDays: number;
  /** Moves the start forward to this weekday (0 = Sunday), so weekend seminars start on a weekend. */
  weekday?: number;
  /** Start hour, Berlin wall time. */
  startHour: number;
  durationHours: number;
  mode: EventMode;
  location: string;
  locationDetails?: string;
  venue?: string;
  room?: string;
  onlineUrl?: string;
  priceCents: number;
  priceUnit?: PriceUnit;
  earlyBird?: { priceCents: number; endsInDays: number };
  totalSeats: number;
  /** Demo events are never cancelled. */
  status: Exclude<EventStatus, 'cancelled'>;
  isFeatured?: boolean;
  hidden?: boolean;
  isPrivate?: boolean;
  organizers: OrganizerKey[];
  tags: string[];
  links?: { title: string; url: string }[];
  /**
   * Quantities booked by demo attendees (index into demoAttendees) – tickets, not persons – and, for paid
   * events, the method the test provider took the money with (payments.method; 'card' unless named), so
   * invoices, Meine Tickets and the admin's lists show each method (docs/product/payments.md#method-names).
   */
  bookings: DemoBooking[];
  /** Its ticket categories, when it has more than the one 'Ticket' at the event's price. */
  categories?: DemoCategory[];
  questions?: DemoQuestion[];
  /**
   * How many of `bookings` (from the first) are checked in at the door, so the participant list and the door
   * show both check-ins and people still expected on the first start; without it the tickets of an event that
   * has begun are all checked in (docs/product/organizer-day.md#check-in).
   */
  checkedInBookings?: number;
  /** Hours before the start until which buyers may transfer (docs/product/tickets-and-refunds.md#ticket-transfer). */
  transferCutoffHours?: number;
  /**
   * One ticket (by position) of one of `bookings` transferred by its buyer to another demo attendee, who then
   * sees it in their 'Meine Tickets' (docs/product/tickets-and-refunds.md#ticket-transfer).
   */
  transfer?: { booking: number; position: number; toAttendee: number };
  /**
   * One ticket (by position) of one of `bookings` cancelled by its buyer so many days after booking, with its
   * refund and cancellation invoice (docs/product/invoices.md#cancellation); the booking keeps other tickets.
   */
  cancellation?: { booking: number; position: number; daysAfterBooking: number };
  /**
   * The waiting list in order (docs/product/waiting-list.md#join); an entry with `offeredHoursAgo` holds an open
   * offer of one seat, taken from the event's free seats (docs/product/waiting-list.md#offers).
   */
  waitlist?: { attendee: number; joinedDaysAgo: number; offeredHoursAgo?: number }[];
  /**
   * Minimum attendance (docs/product/event-mails.md#minimum-attendance): persons needed, decided so many hours
   * before the start.
   */
  minimum?: { participants: number; decisionHours: number };
  /** A 'Nachricht an alle' the first organizer sent (docs/product/event-mails.md#participant-message). */
  message?: { subject: string; body: string; hoursAgo: number };
  /**
   * The shipped reminder already went out to its tickets two days before the start
   * (docs/product/event-mails.md#exactly-once), so the rule's send log is not empty in the demo.
   */
  reminderSent?: boolean;
}

export const demoEvents: DemoEvent[] = [
  {
    slug: 'achtsamkeit-im-alltag-hamburg',
    title: 'Achtsamkeit im Alltag – Tagesworkshop in Hamburg',
    shortDescription: 'Ein Tag, um anzukommen: einfache Übungen für mehr Ruhe zwischen Terminen.',
    description:
      'Wir üben, was im Alltag wirklich trägt: kurze Atempausen, achtsames Gehen an der Elbe und ein freundlicher Blick auf die eigenen Gedanken.\n\nDer Workshop richtet sich an alle, die neugierig sind – Vorkenntnisse brauchst du nicht. Tee, Obst und ein leichtes Mittagessen sind inklusive.',
    startInDays: -46,
    startHour: 10,
    durationHours: 7,
    mode: 'presence',
    location: 'Hamburg',
    locationDetails: 'Hamburg-Ottensen',
    venue: 'Kulturetage Elbblick',
    room: 'Seminarraum 2',
    priceCents: 8900,
    totalSeats: 16,
    status: 'completed',
    organizers: ['miriam'],
    tags: ['Achtsamkeit'],
    bookings: [
      { attendee: 0, quantity: 2 },
      { attendee: 1, quantity: 1 },
      { attendee: 2, quantity: 3, method: 'paypal' },
      { attendee: 3, quantity: 2, method: 'sepa_debit' },
    ],
  },
  {
    slug: 'selbstmitgefuehl-online-abendkurs',
    title: 'Selbstmitgefühl üben – Online-Abendkurs',
    shortDescription: 'Ein Abend über den inneren Kritiker und eine freundlichere Stimme.',
    description:
      'Wie sprichst du mit dir, wenn etwas schiefgeht? An diesem Abend lernst du Übungen aus dem Mindful Self-Compassion-Programm kennen und probierst sie in kleinen Gruppen aus.\n\nDu brauchst nur einen ruhigen Platz, eine Decke und eine stabile Internetverbindung.',
    startInDays: -19,
    startHour: 19,
    durationHours: 2,
    mode: 'online',
    location: 'Online',
    onlineUrl: 'https://meet.wachstumsraum.example/selbstmitgefuehl',
    priceCents: 3900,
    totalSeats: 30,
    status: 'published',
    organizers: ['miriam'],
    tags: ['Achtsamkeit', 'Online'],
    bookings: [
      { attendee: 4, quantity: 1, method: 'google_pay' },
      { attendee: 5, quantity: 1, method: 'klarna' },
      { attendee: 0, quantity: 2 },
      { attendee: 2, quantity: 1, method: 'paypal' },
    ],
  },
  {
    slug: 'gelassen-durch-veraenderungen-online-infoabend',
    title: 'Gelassen durch Veränderungen – kostenloser Online-Infoabend',
    shortDescription: 'Wir stellen unser Jahresprogramm vor und beantworten deine Fragen.',
    description:
      'Neuer Job, Umzug, Trennung, Ruhestand: Veränderungen fordern uns heraus. An diesem Abend zeigen wir dir, wie wir in unseren Seminaren damit arbeiten, und machen gemeinsam eine kurze Übung.\n\nDie Teilnahme ist kostenlos; den Zugangslink findest du nach der Anmeldung bei deinem Ticket.',
    startInDays: 9,
    startHour: 19,
    durationHours: 1.5,
    mode: 'online',
    location: 'Online',
    onlineUrl: 'https://meet.wachstumsraum.example/infoabend',
    priceCents: 0,
    totalSeats: 50,
    status: 'published',
    organizers: ['miriam', 'jonas'],
    tags: ['Online'],
    bookings: [
      { attendee: 1, quantity: 1 },
      { attendee: 3, quantity: 2 },
      { attendee: 5, quantity: 1 },
    ],
  },
  {
    slug: 'klarheit-finden-wochenendseminar-ostsee',
    title: 'Klarheit finden – Wochenendseminar an der Ostsee',
    shortDescription: 'Zwei Tage am Meer, um Entscheidungen in Ruhe reifen zu lassen.',
    description:
      'Zwischen Strandspaziergängen und Schreibübungen sortieren wir, was dir wichtig ist. Mit Methoden aus dem systemischen Coaching findest du heraus, welcher nächste Schritt stimmig ist.\n\nDas Seminarhaus liegt direkt hinter den Dünen von Kühlungsborn. Übernachtung und Verpflegung buchst du bitte direkt beim Haus; wir schicken dir nach der Buchung eine Liste mit Unterkünften.',
    startInDays: 24,
    weekday: 6,
    startHour: 10,
    durationHours: 31,
    mode: 'presence',
    location: 'Kühlungsborn',
    locationDetails: 'Ostseebad Kühlungsborn, Mecklenburg-Vorpommern',
    venue: 'Seminarhaus Dünenblick',
    room: 'Wintergarten',
    priceCents: 32000,
    // 24 booked as tickets or held by transfer (seed-payments.ts): '2 Tickets übrig'
    totalSeats: 26,
    status: 'published',
    isFeatured: true,
    organizers: ['miriam', 'jonas'],
    tags: ['Coaching', 'Ostsee'],
    links: [
      {
        title: 'Unterkünfte in Kühlungsborn',
        url: 'https://wachstumsraum.example/kuehlungsborn-unterkuenfte',
      },
    ],
    // Lena passed the second ticket of her first booking to Felix: he sees it in his 'Meine Tickets', she sees
    // it marked 'übertragen an Felix Brandt'; transfers close 48 hours before the start
    transferCutoffHours: 48,
    transfer: { booking: 0, position: 2, toAttendee: 5 },
    // Sophie cancelled the third ticket of her second booking and got it back in full: 'Rechnungen' shows
    // its 'Rechnungskorrektur (Storno)'
    cancellation: { booking: 7, position: 3, daysAfterBooking: 5 },
    // 22 of 24 seats taken (the cancelled ticket's seat is free again): the warning badge '2 Tickets übrig'
    // (≤ 10 % left, docs/product/events.md#seat-badge)
    // Lena paid her first booking by PayPal; Mareike's SEPA debit came back after it had succeeded
    // ('Zahlung zurückgebucht', seed-payment-methods.ts); Jan booked with the code FREUNDE10
    bookings: [
      { attendee: 0, quantity: 4, method: 'paypal' },
      { attendee: 1, quantity: 4 },
      { attendee: 2, quantity: 3, method: 'klarna' },
      { attendee: 3, quantity: 3, code: 'FREUNDE10' },
      { attendee: 4, quantity: 2, method: 'sepa_debit' },
      { attendee: 5, quantity: 2, method: 'apple_pay' },
      { attendee: 0, quantity: 2 },
      { attendee: 2, quantity: 3 },
    ],
  },
  {
    slug: 'zeit-fuer-uns-paar-retreat-lueneburger-heide',
    title: 'Zeit für uns – Paar-Retreat in der Lüneburger Heide',
    shortDescription: 'Ein Wochenende zu zweit: zuhören, verstehen, neu verbinden.',
    description:
      'Im Alltag bleibt oft wenig Raum für das, was euch als Paar trägt. In diesem Retreat nehmt ihr euch Zeit füreinander – mit Gesprächsformaten aus der Paarberatung, Spaziergängen durch die blühende Heide und Abenden am Kamin.\n\nEin Ticket gilt für ein Paar. Übernachtung im Doppelzimmer oder in zwei Einzelzimmern und Vollpension sind im Preis enthalten. Bis zum Ende der Frühbucherphase gilt der ermäßigte Preis.',
    startInDays: 40,
    weekday: 5,
    startHour: 15,
    durationHours: 46,
    mode: 'presence',
    location: 'Undeloh',
    locationDetails: 'Lüneburger Heide, Niedersachsen',
    venue: 'Heidehof Wilsede',
    priceCents: 69000,
    priceUnit: 'per_pair',
    earlyBird: { priceCents: 59000, endsInDays: 14 },
    // room for twenty pairs: the browser journeys of every payment method book here (the only paid event far
    // enough ahead for a SEPA debit with seats to spare, docs/product/payments.md#late-methods)
    totalSeats: 40,
    // three pairs booked, four needed: 'Findet ab 8 Teilnehmenden statt', decided two weeks before
    minimum: { participants: 8, decisionHours: 14 * 24 },
    status: 'published',
    isFeatured: true,
    organizers: ['miriam', 'jonas'],
    tags: ['Paare', 'Retreat', 'Natur'],
    links: [{ title: 'Anreise & Zimmer', url: 'https://wachstumsraum.example/heidehof-anreise' }],
    // the rooms have seats of their own (28 + 10 persons), two more for the co-leads who book with the code
    // COLEITUNG (seed-categories.ts); the three pairs booked double rooms
    categories: [
      {
        name: 'Doppelzimmer',
        description: 'Ihr teilt euch ein Doppelzimmer im Haupthaus.',
        priceCents: 69000,
        priceUnit: 'per_pair',
        earlyBirdPriceCents: 59000,
        capacity: 28,
      },
      {
        name: 'Einzelzimmer',
        description:
          'Jede und jeder von euch schläft in einem eigenen Zimmer – für alle, die nachts Ruhe brauchen.',
        priceCents: 84000,
        priceUnit: 'per_pair',
        earlyBirdPriceCents: 74000,
        capacity: 10,
      },
      {
        name: 'Co-Leitung',
        description: 'Für unser Team, das die Gesprächsgruppen mitleitet.',
        priceCents: 0,
        capacity: 2,
        requiresCode: true,
      },
    ],
    questions: [
      {
        label: 'Ernährung',
        help: 'Die Küche des Heidehofs kocht für alle drei Varianten.',
        kind: 'choice',
        options: ['vegetarisch', 'vegan', 'alles'],
        required: true,
        perTicket: true,
      },
      { label: 'Allergien', help: 'Zum Beispiel Nüsse, Gluten oder Laktose.', kind: 'text', perTicket: true },
      { label: 'Zimmerwunsch', kind: 'textarea' },
    ],
    bookings: [
      {
        attendee: 1,
        quantity: 1,
        method: 'google_pay',
        answers: [
          { label: 'Ernährung', ticket: 1, person: 1, value: 'vegetarisch' },
          { label: 'Ernährung', ticket: 1, person: 2, value: 'alles' },
          { label: 'Allergien', ticket: 1, person: 2, value: 'Haselnüsse' },
          { label: 'Zimmerwunsch', value: 'Gern ein Zimmer mit Blick auf die Heide.' },
        ],
      },
      {
        attendee: 3,
        quantity: 1,
        answers: [
          { label: 'Ernährung', ticket: 1, person: 1, value: 'vegan' },
          { label: 'Ernährung', ticket: 1, person: 2, value: 'vegan' },
        ],
      },
      {
        attendee: 4,
        quantity: 1,
        method: 'paypal',
        answers: [
          { label: 'Ernährung', ticket: 1, person: 1, value: 'alles' },
          { label: 'Ernährung', ticket: 1, person: 2, value: 'vegetarisch' },
          { label: 'Allergien', ticket: 1, person: 1, value: 'Laktose' },
          { label: 'Zimmerwunsch', value: 'Bitte ein ruhiges Zimmer, wir schlafen beide leicht.' },
        ],
      },
    ],
  },
  {
    slug: 'stimme-und-praesenz-intensivworkshop-luebeck',
    title: 'Stimme & Präsenz – Intensivworkshop in Lübeck',
    shortDescription: 'Sicher sprechen, wenn es darauf ankommt – mit Körper, Atem und Stimme.',
    description:
      'Ob Präsentation, Bewerbungsgespräch oder schwieriges Gespräch im Team: Wie wir stehen, atmen und klingen, prägt, wie wir wahrgenommen werden. In kleiner Gruppe arbeiten wir an deiner Stimme und deinem Auftreten – mit viel Praxis und persönlichem Feedback.\n\nBitte bequeme Kleidung mitbringen.',
    startInDays: 61,
    startHour: 9,
    durationHours: 8,
    mode: 'presence',
    location: 'Lübeck',
    locationDetails: 'Altstadtinsel',
    venue: 'Speicher am Hafen',
    room: 'Studio',
    priceCents: 14900,
    totalSeats: 14,
    status: 'published',
    organizers: ['jonas'],
    tags: ['Kommunikation'],
    // every seat taken: 'Ausgebucht' – twelve sold, the thirteenth held by Lena's SEPA debit the bank has not
    // decided yet ('Zahlung in Bearbeitung', seed-payment-methods.ts), the fourteenth (a cancellation) offered
    // to Jan Schröder from the waiting list; Aylin and Paul wait behind him (Paul's PayPal payment came after
    // his reservation had run out, and its refund failed)
    waitlist: [
      { attendee: 3, joinedDaysAgo: 9, offeredHoursAgo: 3 },
      { attendee: 6, joinedDaysAgo: 6 },
      { attendee: 7, joinedDaysAgo: 2 },
    ],
    // 'Regulär' and 'Ermäßigt' (four reduced seats, three taken); Tobias and Lena booked with the code
    // FREUNDE10 (seed-categories.ts), Lena one ticket of each
    categories: [
      { name: 'Regulär', priceCents: 14900 },
      {
        name: 'Ermäßigt',
        description: 'für Studierende und Menschen mit wenig Einkommen',
        priceCents: 9900,
        capacity: 4,
      },
    ],
    bookings: [
      { attendee: 5, quantity: 3 },
      { attendee: 4, quantity: 3, method: 'klarna' },
      { attendee: 2, quantity: 2, items: [{ category: 'Ermäßigt', quantity: 2 }] },
      { attendee: 1, quantity: 2, method: 'paypal', code: 'FREUNDE10' },
      {
        attendee: 0,
        quantity: 2,
        method: 'klarna',
        code: 'FREUNDE10',
        items: [
          { category: 'Regulär', quantity: 1 },
          { category: 'Ermäßigt', quantity: 1 },
        ],
      },
    ],
  },
  {
    slug: 'resilienz-staerken-jahresgruppe-hamburg',
    title: 'Resilienz stärken – Jahresgruppe in Hamburg',
    shortDescription: 'Zehn Samstage über das Jahr: eine feste Gruppe, die dich durch Veränderungen trägt.',
    description:
      'Einmal im Monat treffen wir uns in derselben Gruppe und üben, was in schweren Zeiten trägt: gute Routinen, ehrliche Gespräche und ein freundlicher Blick auf dich selbst.\n\nDas Ticket gilt für alle zehn Treffen; die Termine schicken wir dir nach der Buchung.',
    // one price and plenty of seats, far enough ahead for a SEPA debit: the browser journeys of every payment
    // method and of one category book here (the retreat has rooms of their own, docs/product/ticket-categories.md)
    startInDays: 90,
    weekday: 6,
    startHour: 10,
    durationHours: 7,
    mode: 'presence',
    location: 'Hamburg',
    locationDetails: 'Hamburg-Ottensen',
    venue: 'Zeisehallen',
    room: 'Studio 2',
    priceCents: 29000,
    totalSeats: 60,
    status: 'published',
    organizers: ['miriam'],
    tags: ['Resilienz', 'Gruppe'],
    bookings: [
      { attendee: 1, quantity: 1 },
      { attendee: 3, quantity: 2, method: 'paypal' },
    ],
  },
  {
    slug: 'teamtag-achtsame-kommunikation-kiel',
    title: 'Teamtag Achtsame Kommunikation – geschlossene Gruppe',
    shortDescription: 'Ein Inhouse-Tag für ein Team der Kieler Förde; nur mit Einladungslink.',
    description:
      'Ein Tag für ein bestehendes Team: Wir üben Gewaltfreie Kommunikation an echten Situationen aus dem Arbeitsalltag und vereinbaren gemeinsam, wie ihr künftig miteinander sprechen wollt.\n\nDiese Veranstaltung ist nicht öffentlich; die Teilnehmenden erhalten den Link von ihrer Teamleitung.',
    // today: the demo's day at the door (hidden and private, so the public programme stays as it is)
    startInDays: 0,
    startHour: 9,
    durationHours: 9,
    mode: 'presence',
    location: 'Kiel',
    venue: 'Fördeblick Tagungsraum',
    priceCents: 12900,
    totalSeats: 14,
    status: 'published',
    hidden: true,
    isPrivate: true,
    organizers: ['jonas'],
    tags: ['Kommunikation'],
    bookings: [
      { attendee: 0, quantity: 2, method: 'apple_pay' },
      { attendee: 3, quantity: 1 },
      { attendee: 4, quantity: 1, method: 'sepa_debit' },
      { attendee: 1, quantity: 2 },
    ],
    checkedInBookings: 2,
    reminderSent: true,
    message: {
      subject: 'Raumänderung für {event}',
      body: 'Hallo {vorname},\n\nwir sind heute im Saal „Förde 2“ im Erdgeschoss statt im ersten Stock. Bis gleich!',
      hoursAgo: 20,
    },
  },
  {
    slug: 'naturcoaching-am-meer-retreat-sylt',
    title: 'Naturcoaching am Meer – Retreat auf Sylt',
    shortDescription: 'Fünf Tage Wind, Weite und Zeit für deine Fragen.',
    description:
      'Draußen denken wir anders: Auf Wattwanderungen, in Einzelcoachings am Strand und in stillen Morgenrunden gehen wir den Fragen nach, die du mitbringst.\n\nDas Programm ist noch in Planung – Termine und Preise können sich ändern.',
    startInDays: 121,
    weekday: 1,
    startHour: 14,
    durationHours: 98,
    mode: 'presence',
    location: 'List auf Sylt',
    locationDetails: 'Nordfriesland, Schleswig-Holstein',
    venue: 'Friesenhaus am Ellenbogen',
    priceCents: 129000,
    totalSeats: 10,
    status: 'draft',
    organizers: ['miriam'],
    tags: ['Retreat', 'Natur'],
    bookings: [],
  },
];
