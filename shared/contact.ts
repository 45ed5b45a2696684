/**
 * The contact form's rules, shared by the form and the server: its topics (value -> Italian
 * label), the message's length, and how many messages one sender address and one IP may send an
 * hour (the server counts them; the form only shows the answer).
 */

/** Topics of the 'Argomento' select: value -> label. */
export const CONTACT_TOPICS = [
  { value: 'prodotti', label: 'Informazioni sui prodotti' },
  { value: 'ordini', label: 'Supporto ordini' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'altro', label: 'Altro' },
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value'];

/** The label of a topic, or null. */
export function contactTopicLabel(value: string | null | undefined): string | null {
  return CONTACT_TOPICS.find((t) => t.value === value)?.label ?? null;
}

/** Longest message, characters. */
export const CONTACT_MESSAGE_MAX = 5000;
/** Messages one sender address may send in a UTC hour. */
export const CONTACT_PER_ADDRESS_PER_HOUR = 3;
/** Messages one IP may send in a UTC hour (several people can share an office's address). */
export const CONTACT_PER_IP_PER_HOUR = 10;

/** The answers of the contact form. */
export const CONTACT_MSG = {
  sentTitle: 'Messaggio inviato!',
  sent: 'Ti rispondiamo entro 24 ore lavorative. Ti abbiamo mandato una conferma via email.',
  rateLimitedTitle: 'Troppi messaggi',
  rateLimited: "Hai inviato troppi messaggi nell'ultima ora. Riprova più tardi o scrivici via email.",
  errorTitle: 'Messaggio non inviato',
} as const;
