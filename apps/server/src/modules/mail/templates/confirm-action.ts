/**
 * A link mailed to the person's own address to finish something the portal does not do for a
 * session that only proved the access code: open their badge, give up or hand over a place,
 * download their data, confirm an erasure request (docs/security.md, "Proof of the mailbox").
 */
import { layout, longDate, type Branding, type Rendered } from './layout.ts';

export type ConfirmActionStep = 'cancel' | 'claim' | 'decline' | 'transfer' | 'badge' | 'data-export' | 'erasure-request';

export interface ConfirmActionData {
  firstName: string;
  step: ConfirmActionStep;
  link: string;
  expiresAt?: string | null;
}

const WHAT: Record<ConfirmActionStep, { subject: string; intro: string; label: string }> = {
  cancel: { subject: 'cancel your registration', intro: 'Someone signed in to the portal as you asked to cancel your registration.', label: 'Open your registration' },
  claim: { subject: 'claim your place', intro: 'Someone signed in to the portal as you asked to claim the place offered to you.', label: 'Open your registration' },
  decline: { subject: 'decline your place', intro: 'Someone signed in to the portal as you asked to decline the place offered to you.', label: 'Open your registration' },
  transfer: { subject: 'hand over your place', intro: 'Someone signed in to the portal as you asked to hand over your place to a colleague.', label: 'Open your registration' },
  badge: { subject: 'your badge', intro: 'Here is the link to your registration page, which shows your badge.', label: 'Open your registration' },
  'data-export': { subject: 'download your data', intro: 'Someone signed in to the portal as you asked for a copy of your personal data.', label: 'Download my data' },
  'erasure-request': { subject: 'confirm your erasure request', intro: 'Someone signed in to the portal as you asked for your personal data to be erased.', label: 'Confirm my erasure request' },
};

export function confirmAction(b: Branding, d: ConfirmActionData): Rendered {
  const what = WHAT[d.step];
  return layout(b, `${b.eventName}: ${what.subject}`, `Dear ${d.firstName},`, {
    blocks: [
      what.intro,
      'If it was you, continue with the link below: only the owner of this mailbox can open it.',
      { link: d.link, label: what.label },
      ...(d.expiresAt ? [`The link can be used once and is valid until ${longDate(d.expiresAt)}.`] : []),
      'If it was not you, ignore this mail: nothing has changed, and you may want to tell the event team.',
    ],
  });
}
