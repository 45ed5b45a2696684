/**
 * Brand and business constants: the shop's fixed values and limits.
 * One place for the numbers both the SPA and the functions use.
 */
export const SHOP_NAME = 'Aurum Fitness';
export const CLUB_NAME = 'Aurum Club';
/** Default support email (a contact address; never used to recognise the principal admin). Configurable per stage. */
export const DEFAULT_SUPPORT_EMAIL = 'supporto@aurumfitness.example';
export const BUSINESS_LOCATION = 'Bari, Puglia';

/** Toasts: one at a time, auto-dismiss after this many milliseconds. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
/** Delay before smooth-scrolling to a home section after navigation. */
export const SMOOTH_SCROLL_DELAY_MS = 100;
/** Number of related products on the product page. */
export const RELATED_PRODUCTS_LIMIT = 3;
/** Order id is shown as its first 8 characters. */
export const ORDER_ID_DISPLAY_LENGTH = 8;
/** User id truncated to 13 characters in moderation. */
export const USER_ID_DISPLAY_LENGTH = 13;
/** Two-factor codes have 6 digits. */
export const MFA_CODE_LENGTH = 6;
/** Sync button spinner duration. */
export const SYNC_SPINNER_MS = 2000;

/** Bundle categories. */
export const BUNDLE_CATEGORIES = ['Bundle Attrezzature', 'Bundle Digitale', 'Bundle Misto'] as const;
export type BundleCategory = (typeof BUNDLE_CATEGORIES)[number];

/** Legal page slugs served at /legal/{page}. */
export const LEGAL_PAGES = ['termini-e-condizioni', 'privacy-policy', 'politica-di-reso', 'faq', 'supporto'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];
