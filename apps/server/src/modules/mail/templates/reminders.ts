import { t } from '../../../lib/i18n/i18n.ts';
import { greeting, layout, longDate, type Branding, type PersonalLinkData, type Rendered } from './layout.ts';

export interface StoreReminderData {
  managerName: string;
  storeName: string;
  dlrnum: string;
  /** When registration closes (ISO date), if the event has a closing date. */
  closesOn?: string | null;
}

export type LinkReminderData = PersonalLinkData;

export function storeReminder(b: Branding, d: StoreReminderData): Rendered {
  const l = b.language;
  const event = b.eventName;
  const body = t(l, 'mail.storeReminder.body', { store: d.storeName, dlrnum: d.dlrnum, event });
  return layout(b, t(l, 'mail.storeReminder.subject', { event, store: d.storeName }), greeting(b, d.managerName), {
    blocks: [
      d.closesOn ? `${body} ${t(l, 'mail.storeReminder.closes', { date: longDate(d.closesOn, l) })}` : body,
      t(l, 'mail.storeReminder.action'),
      { link: b.portalUrl, label: t(l, 'mail.storeReminder.button') },
    ],
  });
}

export function linkReminder(b: Branding, d: LinkReminderData): Rendered {
  const l = b.language;
  const event = b.eventName;
  return layout(b, t(l, 'mail.linkReminder.subject', { event }), greeting(b, d.firstName), {
    blocks: [
      t(l, 'mail.linkReminder.body', { event }),
      { link: d.link, label: t(l, 'mail.link.button') },
      ...(d.expiresAt ? [t(l, 'mail.linkValidUntil', { date: longDate(d.expiresAt, l) })] : []),
    ],
  });
}
