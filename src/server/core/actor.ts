import type { Role } from '@shared/session';

/**
 * Who acts in a core function: a user's id and role, for the ownership and rights checks (a SessionUser
 * fits). The one declaration for all of core (docs/architecture.md, Layers and folders).
 */
export interface Actor {
  id: string;
  role: Role;
}
