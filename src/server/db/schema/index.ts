// The whole database schema, one file per domain. drizzle-kit reads this file to generate migrations
// (`npm run db:generate -- --name <change>`), and openDatabase() passes it to Drizzle.
export * from './accounts';
export * from './profiles';
export * from './policies';
export * from './series';
export * from './events';
export * from './event-content';
export * from './discount-codes';
export * from './ticket-categories';
export * from './bookings';
export * from './tickets';
export * from './waitlist';
export * from './event-mails';
export * from './payments';
export * from './invoices';
export * from './bank';
export * from './newsletter';
export * from './settings';
export * from './mail';
export * from './setup';
export * from './rate-limits';
export * from './api';
export * from './certificates';
export * from './feedback';
export * from './relations';
