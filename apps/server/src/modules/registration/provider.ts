/**
 * The registration provider behind enrollment (docs/registration-providers.md): the builtin hosted page by default, or Cvent. The enrollment module records the
 * pending registration and then asks the provider for the link, in the same transaction.
 * This file holds only the interface; providers.ts picks the implementation (the members import
 * the interface, never the other way).
 */
import type { EventType } from '@portal/contracts';
import type { Tx } from '@portal/db';

/** What a provider needs to know to build a link for one registration. */
export interface LinkSubject {
  registrationId: number;
  providerRef: string;
  eventId: EventType;
  providerEventCode: string;
  firstName: string;
  lastName: string;
  /** null while the person has no confirmed e-mail. */
  email: string | null;
  isVirtual: boolean;
}

export interface RegistrationProvider {
  /** Stored in `registrations.provider`. */
  readonly id: 'builtin' | 'cvent';
  /** The `{Provider}` of `POST /api/Enrollment/Get{Provider}Link`. */
  readonly name: 'Builtin' | 'Cvent';
  /** Where the attendee completes a pending registration. */
  registrationLink(tx: Tx, subject: LinkSubject, now: Date): Promise<string>;
  /**
   * Where the attendee reviews, changes or cancels a completed registration. `mailed`: the link
   * goes only to the attendee's own address, so its page may show the badge and give up the place.
   */
  revisitLink(tx: Tx, subject: LinkSubject, now: Date, options?: { mailed?: boolean }): Promise<string>;
}
