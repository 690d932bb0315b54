/**
 * j***@example.com: enough for the invited patient to recognise the address, too little for
 * whoever else holds the link to learn it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const first = [...email.slice(0, at)][0] ?? '';
  return `${first}***${email.slice(at)}`;
}
