/**
 * Withdrawal emails: the acknowledgement of a withdrawal request, sent at once on a durable medium
 * (Codice del Consumo art. 54 c.4: "il professionista comunica senza indugio al consumatore una
 * conferma di ricevimento, su un supporto durevole, del recesso esercitato"; art. 11-bis
 * Directive 2011/83/EU: with its content and the date and time it was made), and the notice of
 * its refund. Amounts in cents, dates ISO.
 */
import { Section } from '@react-email/components';
import { formatEuro } from '../../../shared/money';
import { formatItalianDay } from '../../../shared/calendar';
import { EMAIL_LINKS } from '../links';
import { EmailLayout, P, Title, type EmailContext } from './layout';
import { AmountRow, GoldButton } from './parts';
import { formatItalianDateTime } from './orders';

/** A withdrawal as its emails show it (a snapshot taken when the job is written). */
export interface WithdrawalEmailData {
  order_id: string;
  /** The 8 characters customers see. */
  short_id: string;
  order_created_at: string;
  withdrawal_id: string;
  /** ISO: when the customer confirmed the withdrawal. */
  requested_at: string;
  /** The units withdrawn, with what each line cost (unit price after the member discount). */
  lines: { name: string; quantity: number; unit_cents: number }[];
  /** Last Italian day to send the goods back ('YYYY-MM-DD', 14 days from the request, art. 57 c.1). */
  return_by: string;
  /** The refund, cents (the refund's email only). */
  refund_cents?: number | null;
}

const dateTime = formatItalianDateTime;

function Lines({ lines }: { lines: WithdrawalEmailData['lines'] }) {
  return (
    <Section>
      {lines.map((l, i) => (
        <AmountRow key={i} label={`${l.quantity} × ${l.name}`} cents={l.unit_cents * l.quantity} />
      ))}
    </Section>
  );
}

export const withdrawalReceived = {
  subject: (d: WithdrawalEmailData) => `Abbiamo ricevuto il tuo recesso dall'ordine #${d.short_id}`,
  Body: ({ data: d, context }: { data: WithdrawalEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`Recesso dall'ordine #${d.short_id} registrato.`}>
      <Title>Recesso ricevuto</Title>
      <P>
        Confermiamo di aver ricevuto il <strong>{dateTime(d.requested_at)}</strong> la tua dichiarazione di recesso dal
        contratto dell&apos;ordine <strong>#{d.short_id}</strong> del {formatItalianDay(d.order_created_at)}, per questi
        prodotti:
      </P>
      <Lines lines={d.lines} />
      <P>
        Restituisci i prodotti entro il {formatItalianDay(`${d.return_by}T12:00:00Z`)}. Ti rimborsiamo entro 14 giorni
        dalla richiesta, sullo stesso metodo di pagamento; possiamo attendere di aver ricevuto i prodotti (art. 56
        Codice del Consumo). Riferimento del recesso: {d.withdrawal_id.slice(0, 8)}.
      </P>
      <GoldButton href={EMAIL_LINKS.orders(context.origin)}>Vedi i tuoi ordini</GoldButton>
    </EmailLayout>
  ),
};

export const withdrawalRefunded = {
  subject: (d: WithdrawalEmailData) => `Rimborso del recesso dall'ordine #${d.short_id}`,
  Body: ({ data: d, context }: { data: WithdrawalEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`Il recesso dall'ordine #${d.short_id} è stato rimborsato.`}>
      <Title>Recesso rimborsato</Title>
      <P>
        Abbiamo ricevuto i prodotti del recesso del {dateTime(d.requested_at)} dall&apos;ordine{' '}
        <strong>#{d.short_id}</strong> e ti abbiamo rimborsato <strong>{formatEuro(d.refund_cents ?? 0)}</strong> sullo
        stesso metodo di pagamento: l&apos;accredito arriva in 5-10 giorni lavorativi.
      </P>
      <Lines lines={d.lines} />
      <GoldButton href={EMAIL_LINKS.orders(context.origin)}>Vedi i tuoi ordini</GoldButton>
    </EmailLayout>
  ),
};
