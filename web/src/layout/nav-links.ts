/** Navigation targets shared by the header, the mobile menu and the footer. */

/** Home sections reachable from the header/footer, by element id. */
export const SECTION_LINKS = [
  { label: 'Chi Siamo', section: 'about' },
  { label: 'Recensioni', section: 'reviews' },
  { label: 'Contatti', section: 'contact' },
] as const;

/** The four legal pages of the 'Legale' menu. */
export const LEGAL_LINKS = [
  { label: 'Termini e Condizioni', to: '/legal/termini-e-condizioni' },
  { label: 'Privacy Policy', to: '/legal/privacy-policy' },
  { label: 'Politica di Reso', to: '/legal/politica-di-reso' },
  { label: 'FAQ', to: '/legal/faq' },
] as const;
