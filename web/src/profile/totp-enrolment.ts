/**
 * Authenticator-app (TOTP) enrolment with Amplify, shared by the profile's 'Sicurezza' tab and the
 * back office's MFA gate: start an enrolment (secret and QR code), read whether TOTP is on.
 */
import { fetchMFAPreference, setUpTOTP } from 'aws-amplify/auth';
import QRCode from 'qrcode';
import { SHOP_NAME } from '../../../shared/constants';
import type { TotpEnrolment } from './totp-setup';

/**
 * Starts an enrolment: Cognito issues a secret; the QR code encodes its otpauth:// URI.
 * @param email shown as the account name in the authenticator app
 */
export async function startTotpEnrolment(email?: string): Promise<TotpEnrolment> {
  const details = await setUpTOTP();
  const uri = details.getSetupUri(SHOP_NAME, email || undefined).toString();
  const qrDataUrl = await QRCode.toDataURL(uri, { margin: 1, width: 392, errorCorrectionLevel: 'M', color: { dark: '#0a0a0a', light: '#ffffff' } });
  return { qrDataUrl, secret: details.sharedSecret };
}

/** True when the signed-in user has an authenticator app enabled. */
export async function totpEnabled(): Promise<boolean> {
  const pref = await fetchMFAPreference();
  return pref.preferred === 'TOTP' || Boolean(pref.enabled?.includes('TOTP'));
}
