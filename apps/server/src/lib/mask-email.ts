/**
 * An address shown to a session that has not proved it owns it: enough for the owner to recognise
 * (`j***@m***.com`), too little for anyone else to learn it. The first letter of the local part and
 * of the domain's first label stay, and the top-level domain.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}***@${host ? `${host[0]}***` : '***'}${tld}`;
}
