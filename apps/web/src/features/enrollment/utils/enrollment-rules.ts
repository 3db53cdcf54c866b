/**
 * The enrollment screen's rules (docs/design/web-rules.md, sections 2, 4 and 5): which titles a dealer may pick, how a
 * manager's name fills the name boxes, and the name checks with the content's messages.
 */
import type { DealerInfo } from '@portal/contracts';
import { FIRST_NAME_MAX, LAST_NAME_MAX } from '@portal/contracts/rules';

/** Executive manager, general manager, other. */
export type Title = 'EM' | 'GM' | 'OTH';

const blank = (value: string | null | undefined) => !value || value.trim() === '';

export function showsExecutiveManager(dealer: Pick<DealerInfo, 'executiveManager'>): boolean {
  return !blank(dealer.executiveManager);
}

/** General Manager is offered only when one exists, is non-blank and is not the executive manager. */
export function showsGeneralManager(dealer: Pick<DealerInfo, 'executiveManager' | 'generalManager'>): boolean {
  if (blank(dealer.generalManager)) return false;
  return (dealer.generalManager ?? '').trim().toLowerCase() !== (dealer.executiveManager ?? '').trim().toLowerCase();
}

export function managerName(dealer: Pick<DealerInfo, 'executiveManager' | 'generalManager'>, title: Title): string {
  if (title === 'EM') return (dealer.executiveManager ?? '').trim();
  if (title === 'GM') return (dealer.generalManager ?? '').trim();
  return '';
}

export interface NameFields {
  firstName: string;
  lastName: string;
}

/** "Pat Morgan" → Pat / Morgan; a longer name keeps its first word as the first name. */
export function splitName(fullName: string): NameFields {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: (words[0] ?? '').slice(0, FIRST_NAME_MAX), lastName: words.slice(1).join(' ').slice(0, LAST_NAME_MAX) };
}

/** The enrolment_item's messages (built-in ones where the content has none). */
export interface NameMessages {
  firstRequired: string;
  firstTooLong: string;
  lastRequired: string;
  lastTooLong: string;
}

export interface NameError {
  field: keyof NameFields;
  message: string;
}

/** First name required and at most 30 characters, last name required and at most 50. */
export function nameErrors(fields: NameFields, messages: NameMessages): NameError[] {
  const errors: NameError[] = [];
  const first = fields.firstName.trim();
  const last = fields.lastName.trim();
  if (!first) errors.push({ field: 'firstName', message: messages.firstRequired });
  else if (first.length > FIRST_NAME_MAX) errors.push({ field: 'firstName', message: messages.firstTooLong });
  if (!last) errors.push({ field: 'lastName', message: messages.lastRequired });
  else if (last.length > LAST_NAME_MAX) errors.push({ field: 'lastName', message: messages.lastTooLong });
  return errors;
}

/** The manager flow's fixed eventType of the link request (docs/design/web-rules.md, sections 3 and 9). */
export const MANAGER_FLOW_EVENT_TYPE = '1';
