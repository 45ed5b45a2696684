/**
 * Authenticator-app (TOTP) enrolment with Amplify, shared by the profile's 'Sicurezza' tab and the
 * back office's MFA gate: start an enrolment (secret and QR code), the setup step (TotpSetup), read
 * whether TOTP is on.
 */
import { useState, type ReactNode } from 'react';
import { fetchMFAPreference, setUpTOTP } from 'aws-amplify/auth';
import QRCode from 'qrcode';
import { SHOP_NAME } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { authErrorMessage } from './auth-errors';
import { useSession } from './session';
import { useToast } from '../ui/toast';
import { TotpSetup, type TotpEnrolment } from './totp-setup';

/**
 * Starts an enrolment: Cognito issues a secret; the QR code encodes its otpauth:// URI.
 * @param email shown as the account name in the authenticator app
 */
export async function startTotpEnrolment(email?: string): Promise<TotpEnrolment> {
  const details = await setUpTOTP();
  const uri = details.getSetupUri(SHOP_NAME, email || undefined).toString();
  const qrDataUrl = await QRCode.toDataURL(uri, {
    margin: 1,
    width: 392,
    errorCorrectionLevel: 'M',
    color: { dark: '#0a0a0a', light: '#ffffff' },
  });
  return { qrDataUrl, secret: details.sharedSecret };
}

/** True when the signed-in user has an authenticator app enabled. */
export async function totpEnabled(): Promise<boolean> {
  const pref = await fetchMFAPreference();
  return pref.preferred === 'TOTP' || Boolean(pref.enabled?.includes('TOTP'));
}

/** What useTotpEnrolment() returns. */
export interface TotpEnrolmentFlow {
  /** True while the enrolment is being started (button spinner). */
  starting: boolean;
  /** True once the QR code and secret are shown. */
  enrolling: boolean;
  /** Starts an enrolment for the signed-in user (error toast on failure). */
  start(): void;
  /** The setup step (QR code, secret, code field), or null before start(). */
  setup: ReactNode;
}

/**
 * The enrolment steps of the signed-in user: start() shows the QR code and secret, then the 6-digit
 * code makes TOTP the preferred factor and `onEnabled` runs.
 */
export function useTotpEnrolment(onEnabled: () => void): TotpEnrolmentFlow {
  const { user } = useSession();
  const { toast } = useToast();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const start = () => {
    if (starting) return;
    setStarting(true);
    startTotpEnrolment(user?.email)
      .then(setEnrolment)
      .catch((err: unknown) =>
        toast({ variant: 'destructive', title: MSG.errorTitle, description: authErrorMessage(err, 'mfa-setup') }),
      )
      .finally(() => setStarting(false));
  };
  const setup = enrolment ? (
    <TotpSetup
      enrolment={enrolment}
      onCancel={() => setEnrolment(null)}
      onEnabled={() => {
        setEnrolment(null);
        onEnabled();
      }}
    />
  ) : null;
  return { starting, enrolling: enrolment !== null, start, setup };
}
