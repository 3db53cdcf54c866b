/** The fixed messages of the sign-in flows (docs/design/web-rules.md, section 8); everything else comes from content. */
export const LOGIN_MESSAGES = {
  userDataNotFound: 'User data not found. Please login again.',
  enrollmentLinkFailed: 'Something went wrong. Please try again',
  unexpected: 'Unexpected error. Please try again',
} as const;
