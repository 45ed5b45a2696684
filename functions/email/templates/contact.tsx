/** The contact form's two emails: the message to the support inbox (Reply-To the sender) and the automatic reply. */
import { Section, Text } from '@react-email/components';
import { formatItalianDay } from '../../../shared/calendar';
import { EMAIL_LINKS } from '../links';
import { EmailLayout, P, styles, Title, type EmailContext } from './layout';
import { GoldButton } from './parts';

export interface ContactMessageData {
  message_id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** Italian label of the topic, or null when none was chosen. */
  topic_label: string | null;
  message: string;
  created_at: string;
}

export const contactSupport = {
  subject: (d: ContactMessageData) =>
    `Messaggio dal sito: ${d.first_name} ${d.last_name}${d.topic_label ? ` (${d.topic_label})` : ''}`,
  Body: ({ data: m, context }: { data: ContactMessageData; context: EmailContext }) => (
    <EmailLayout context={context} preview={m.message.slice(0, 120)}>
      <Title>Nuovo messaggio dal modulo contatti</Title>
      <P>
        Da: {m.first_name} {m.last_name} &lt;{m.email}&gt;
        <br />
        Argomento: {m.topic_label ?? 'nessuno'}
        <br />
        Ricevuto il {formatItalianDay(m.created_at)}
      </P>
      <Section>
        <Text
          className="af-text"
          style={{ ...styles.text, whiteSpace: 'pre-wrap', borderLeft: '3px solid #D4AF37', paddingLeft: '12px' }}
        >
          {m.message}
        </Text>
      </Section>
      <P>Rispondi a questa email per scrivere direttamente al cliente.</P>
      <GoldButton href={EMAIL_LINKS.adminMessages(context.origin)}>Apri i messaggi</GoldButton>
    </EmailLayout>
  ),
};

export const contactAutoReply = {
  subject: () => 'Abbiamo ricevuto il tuo messaggio',
  Body: ({ data: m, context }: { data: ContactMessageData; context: EmailContext }) => (
    <EmailLayout context={context} preview="Ti rispondiamo entro 24 ore lavorative.">
      <Title>Grazie, {m.first_name}</Title>
      <P>Abbiamo ricevuto il tuo messaggio: ti rispondiamo entro 24 ore lavorative.</P>
      <Section>
        <Text className="af-muted" style={{ ...styles.muted, whiteSpace: 'pre-wrap' }}>
          {m.message}
        </Text>
      </Section>
      <P>Nel frattempo puoi dare un&apos;occhiata alle domande frequenti.</P>
      <GoldButton href={`${context.origin}/legal/faq`}>Domande frequenti</GoldButton>
    </EmailLayout>
  ),
};
