/** The source of notifications: a LISTEN on PostgreSQL or on PGlite; both report when they are listening. */
export interface ChangeListener {
  start(handlers: {
    payload(text: string | undefined): void;
    state(listening: boolean): void;
  }): Promise<void>;
  stop(): Promise<void>;
}
