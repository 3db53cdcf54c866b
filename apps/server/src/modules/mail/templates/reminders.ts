import { layout, longDate, type Branding, type Rendered } from './layout.ts';

export interface StoreReminderData {
  managerName: string;
  storeName: string;
  dlrnum: string;
  /** When registration closes (ISO date), if the event has a closing date. */
  closesOn?: string | null;
}

export interface LinkReminderData {
  firstName: string;
  link: string;
  expiresAt?: string | null;
}

export function storeReminder(b: Branding, d: StoreReminderData): Rendered {
  const deadline = d.closesOn ? ` Registration closes on ${longDate(d.closesOn)}.` : '';
  return layout(b, `${b.eventName}: nobody from ${d.storeName} is registered yet`, `Dear ${d.managerName},`, {
    blocks: [
      `No one from ${d.storeName} (store ${d.dlrnum}) is registered for ${b.eventName} yet.${deadline}`,
      'Log in to the portal to enrol yourself or your colleagues.',
      { link: b.portalUrl, label: 'Enrol now' },
    ],
  });
}

export function linkReminder(b: Branding, d: LinkReminderData): Rendered {
  return layout(b, `${b.eventName}: your registration is not complete`, `Dear ${d.firstName},`, {
    blocks: [
      `You were enrolled for ${b.eventName}, but the registration has not been completed yet.`,
      { link: d.link, label: 'Complete your registration' },
      ...(d.expiresAt ? [`The link is valid until ${longDate(d.expiresAt)}.`] : []),
    ],
  });
}
