/**
 * The English catalog (ICU MessageFormat), bundled with the app. Every string an attendee, report
 * user or door staff reads is here under a dotted key (`area.what`); the French catalog (fr-CA.ts)
 * must carry every key (typed as Record<MessageId, string> and checked by a test).
 */
export const baseEn = {
  'language.switch': 'Language',

  'app.loading': 'Loading…',
  'app.pageFailed.title': 'This page could not be loaded',
  'app.pageFailed.body': 'Check your connection and try again.',
  'app.retry': 'Retry',

  'login.nbc.heading': 'Sign In to the National Business Conference',
  'login.abc.heading': 'Sign In to the Annual Business Conference',
  'login.userName': 'E-mail address',
  'login.accessCode': 'Access code',
  'login.firstName': 'First name',
  'login.lastName': 'Last name',
  'login.nbc.button': 'Sign In',
  'login.abc.button': 'Sign In and Register',
  'login.invalid': 'The e-mail address or access code you entered is not valid.',
  'login.userNameRequired': 'E-mail address is required.',
  'login.userNameInvalid': 'Please enter a valid e-mail address.',
  'login.accessCodeRequired': 'Access code is required.',
  'login.firstNameRequired': 'First name is required.',
  'login.lastNameRequired': 'Last name is required.',
  'login.userDataNotFound': 'User data not found. Please login again.',
  'login.enrollmentLinkFailed': 'Something went wrong. Please try again',
  'login.unexpected': 'Unexpected error. Please try again',
  'login.or': 'or',
  'login.companySignIn': 'Sign in with your company account',

  'companySignIn.failed.title': 'Sign-in not completed',
  'companySignIn.failed.body': 'This sign-in has expired or was already used, or was started in another browser. Please sign in again.',
  'companySignIn.back': '{target, select, admin {Back to the organizer sign-in} event {Back to the event login} other {Back to the report login}}',

  'shell.skipToContent': 'Skip to content',
  'shell.tab.sessions': 'Sessions',

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
  'api.failed': 'Something went wrong.',
  'api.requestFailed': 'Request failed',
  'api.unreadable': 'The server sent an unreadable answer.',
  'api.configFailed': 'The portal configuration could not be read.',
  'api.registrationReadFailed': 'The registration could not be read.',
  'api.registrationSaveFailed': 'The registration could not be saved.',
  'api.sessionsReadFailed': 'The sessions could not be read.',
  'api.choiceSaveFailed': 'Your choice could not be saved.',
  'api.linkMailFailed': 'The link could not be mailed.',
  'api.reportReadFailed': 'The report answer could not be read.',
  'api.scopeReadFailed': 'Your report scope could not be read.',
  'api.digestReadFailed': 'The digest setting could not be read.',
  'api.remindersFailed': 'The reminders could not be queued.',
} as const satisfies Record<string, string>;

export type BaseMessageId = keyof typeof baseEn;
