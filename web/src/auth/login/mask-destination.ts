/**
 * Masks a code-delivery destination for display. Cognito already masks it ('+*******0000');
 * the local emulator sends it in clear, so anything without a '*' keeps only its last 4 digits.
 * @param destination phone number (or email) the code was sent to
 * @returns the masked destination, or '' when none was given
 */
export function maskDestination(destination: string | null | undefined): string {
  const value = (destination ?? '').trim();
  if (!value || value.includes('*')) return value;
  if (value.includes('@')) {
    const [local = '', domain = ''] = value.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  const digits = value.replace(/\D/g, '');
  if (digits.length <= 4) return value;
  const prefix = value.startsWith('+') ? '+' : '';
  return `${prefix}${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}
