/**
 * The newsletter's emails: the double opt-in confirmation (a link with a token that expires) and
 * the welcome once confirmed, which carries the one-click unsubscribe (link here, RFC 8058 headers
 * from the catalogue).
 */
import { Link, Text } from '@react-email/components';
import { EMAIL_LINKS } from '../links';
import { EmailLayout, P, styles, Title, type EmailContext } from './layout';
import { GoldButton } from './parts';

export interface NewsletterConfirmData {
  /** The confirmation token (the link's only credential). */
  token: string;
  /** Hours the link stays valid. */
  valid_hours: number;
}

export interface NewsletterWelcomeData {
  /** The unsubscribe token. */
  unsubscribe_token: string;
}

export const newsletterConfirm = {
  subject: () => "Conferma l'iscrizione alla newsletter",
  Body: ({ data, context }: { data: NewsletterConfirmData; context: EmailContext }) => (
    <EmailLayout context={context} preview="Un clic per confermare l'iscrizione.">
      <Title>Conferma la tua iscrizione</Title>
      <P>
        Hai chiesto di ricevere la newsletter di Aurum Fitness. Conferma con il pulsante qui sotto: il link vale{' '}
        {data.valid_hours} ore.
      </P>
      <GoldButton href={EMAIL_LINKS.newsletterConfirm(context.origin, data.token)}>
        Conferma l&apos;iscrizione
      </GoldButton>
      <P>Se non sei stato tu, ignora questa email: senza conferma non ti scriveremo più.</P>
    </EmailLayout>
  ),
};

export const newsletterWelcome = {
  subject: () => 'Iscrizione alla newsletter confermata',
  Body: ({ data, context }: { data: NewsletterWelcomeData; context: EmailContext }) => (
    <EmailLayout
      context={context}
      preview="Da oggi ricevi le novità di Aurum Fitness."
      footerExtra={
        <Text className="af-muted" style={styles.muted}>
          Non vuoi più ricevere la newsletter?{' '}
          <Link
            href={EMAIL_LINKS.newsletterUnsubscribe(context.origin, data.unsubscribe_token)}
            className="af-gold"
            style={styles.link}
            data-unsubscribe="true"
          >
            Annulla l&apos;iscrizione
          </Link>
        </Text>
      }
    >
      <Title>Benvenuto nella newsletter</Title>
      <P>Iscrizione confermata: ti scriveremo per novità, programmi e offerte riservate. Niente spam, promesso.</P>
      <GoldButton href={`${context.origin}/products`}>Scopri i prodotti</GoldButton>
    </EmailLayout>
  ),
};
