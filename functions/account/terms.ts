/**
 * The signed-in user's acceptance of the Termini and the Privacy Policy: which version is in force
 * and which the user accepted (GET /api/me/terms), and accepting the version in force
 * (POST /api/me/terms), stored with its time (GDPR art. 7(1)). The SPA shows a new version once,
 * in the dialog 'Abbiamo aggiornato i Termini'.
 */
import type { TermsStatusDto } from '../../shared/api/account';
import { CONSENT_TEXT, LEGAL_DOCUMENTS_VERSION } from '../../shared/legal-documents';
import { latestTermsAcceptance, recordTermsAcceptance } from '../data/consent-repository';
import { conflict } from '../lib/errors';

/** The caller's status (AP118). */
export async function termsStatus(sub: string): Promise<TermsStatusDto> {
  const latest = await latestTermsAcceptance(sub);
  return {
    current_version: LEGAL_DOCUMENTS_VERSION,
    accepted_version: latest?.version ?? null,
    accepted_at: latest?.accepted_at ?? null,
    must_accept: latest?.version !== LEGAL_DOCUMENTS_VERSION,
  };
}

/**
 * Records the caller's acceptance of the version in force (AP117; accepting it again keeps the first time).
 * @param version the version the customer read (the dialog's)
 * @returns the status after the acceptance
 * @throws AppError 409 when `version` is not the version in force (the page was older than the terms)
 */
export async function acceptTerms(sub: string, version: string, now: Date = new Date()): Promise<TermsStatusDto> {
  if (version !== LEGAL_DOCUMENTS_VERSION) throw conflict(CONSENT_TEXT.staleVersion);
  await recordTermsAcceptance(sub, { version, accepted_at: now.toISOString(), source: 'update' });
  return termsStatus(sub);
}
