/** English messages of the report login (/reportLogin), used where its content has no text. */
export const reportLoginEn = {
  'reportLogin.heading': 'Retailer Report Sign In',
  'reportLogin.userName': 'Company e-mail',
  'reportLogin.userNameWithDomain': 'Company e-mail (name@{domain})',
  'reportLogin.password': 'Report code',
  'reportLogin.button': 'Sign In',
  'reportLogin.invalid': 'The e-mail address or report code you entered is not valid.',
  'reportLogin.userNameRequired': 'E-mail address is required.',
  'reportLogin.userNameInvalid': 'Please enter your company e-mail address.',
  'reportLogin.userNameInvalidWithDomain': 'Please enter your company e-mail address ending in @{domain}.',
  'reportLogin.passwordRequired': 'Report code is required.',
} as const satisfies Record<string, string>;
