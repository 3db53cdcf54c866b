/**
 * The English catalog (ICU MessageFormat), bundled with the app. Every string an attendee, report
 * user or door staff reads is here under a dotted key (`area.what`); the French catalog (fr-CA.ts)
 * must carry every key (typed as Record<MessageId, string> and checked by a test).
 */
export const baseEn = {
  'language.switch': 'Language',

  'landing.title': 'Event portal',
  'landing.lead': 'Choose your event to sign in.',
  'landing.events': 'Events',

  'shell.menu': 'Menu',
  'shell.close': 'Close',
  'shell.blockedWindow': 'Your browser blocked the new window. Open <link>{target}</link> from here instead.',
  'shell.blockedWindow.registration': 'your registration',
  'shell.blockedWindow.enrollment': 'the enrollment page',
  'shell.logout': 'Log Out',
  'shell.myData.failed': 'Your data could not be downloaded. Please try again.',

  'shell.myData.download': 'Download my data',
  'shell.myData.erase': 'Ask to erase my data',
  'shell.myData.mailed': 'We have mailed a link to download your data to {to}.',
  'shell.myData.erasureMailed': 'To confirm your request, open the link we have mailed to {to}.',
  'shell.myData.yourAddress': 'your address',
  'shell.erasure.title': 'Ask to erase your data?',
  'shell.erasure.body': 'The event team will erase your name, e-mail and everything else the portal holds about you. Afterwards you can no longer log in, and links sent to you stop working. Your registration is then kept only as an anonymous count.',
  'shell.erasure.downloadFirst': 'You may want to download your data first.',
  'shell.erasure.send': 'Send the request',
  'shell.erasure.failed': 'The request could not be sent. Please try again.',
  'common.cancel': 'Cancel',

  'api.unreachable': 'The server could not be reached.',
} as const satisfies Record<string, string>;

export type BaseMessageId = keyof typeof baseEn;
