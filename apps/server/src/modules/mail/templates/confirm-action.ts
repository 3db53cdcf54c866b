/**
 * A link mailed to the person's own address to finish something the portal does not do for a
 * session that only proved the access code: open their badge, give up or hand over a place,
 * download their data, confirm an erasure request (docs/security.md, "Proof of the mailbox").
 */
import { t } from '../../../lib/i18n/i18n.ts';
import { greeting, layout, longDate, type Branding, type PersonalLinkData, type Rendered } from './layout.ts';

export type ConfirmActionStep = 'cancel' | 'claim' | 'decline' | 'transfer' | 'badge' | 'data-export' | 'erasure-request';

export interface ConfirmActionData extends PersonalLinkData {
  step: ConfirmActionStep;
}

export function confirmAction(b: Branding, d: ConfirmActionData): Rendered {
  const l = b.language;
  // ICU select keys take no '-'.
  const step = d.step.replace('-', '_');
  return layout(b, t(l, 'mail.confirmAction.subject', { event: b.eventName, step }), greeting(b, d.firstName), {
    blocks: [
      t(l, 'mail.confirmAction.intro', { step }),
      t(l, 'mail.confirmAction.continue'),
      { link: d.link, label: t(l, 'mail.confirmAction.label', { step }) },
      ...(d.expiresAt ? [t(l, 'mail.link.onceUntil', { date: longDate(d.expiresAt, l) })] : []),
      t(l, 'mail.confirmAction.notYou'),
    ],
  });
}
