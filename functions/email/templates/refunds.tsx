/**
 * The refund email: money of an order given back (a refund by lines, by amount or of everything
 * left, made in the back office or in the Stripe dashboard). A cancellation's refund is told by
 * 'Annullato' (orders.tsx). Amounts in cents, dates ISO.
 */
import { Section } from '@react-email/components';
import { formatEuro } from '../../../shared/money';
import { formatItalianDay } from '../../../shared/calendar';
import { EMAIL_LINKS } from '../links';
import { EmailLayout, P, Title, type EmailContext } from './layout';
import { AmountRow, GoldButton } from './parts';

/** What a refund email shows (a snapshot of the order and of the refund when Stripe confirmed it). */
export interface OrderRefundedData {
  order_id: string;
  /** The 8 characters customers see. */
  short_id: string;
  /** ISO: when the order was placed. */
  created_at: string;
  /** The refund's id (the shop's, or `stripe-re_…` for one made at Stripe). */
  refund_id: string;
  /** This refund, cents. */
  amount_cents: number;
  /** The units it gives back, by name (empty for a refund of an amount). */
  lines: { name: string; quantity: number }[];
  /** True when the shipping went back with it. */
  shipping: boolean;
  /** The order's total paid, cents. */
  total_cents: number;
  /** Everything refunded on the order so far, this refund included, cents. */
  refunded_total_cents: number;
  /** True when nothing is left to refund (the order is refunded in full). */
  full: boolean;
}

/**
 * Stripe: a card refund reaches the customer's statement in 5 to 10 business days after it is
 * made (the card networks' and banks' time); the email says so rather than "at once".
 */
export const REFUND_ARRIVAL_TEXT = '5-10 giorni lavorativi';

export const orderRefunded = {
  subject: (d: OrderRefundedData) => `Rimborso di ${formatEuro(d.amount_cents)} per l'ordine #${d.short_id}`,
  Body: ({ data: r, context }: { data: OrderRefundedData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`Ti abbiamo rimborsato ${formatEuro(r.amount_cents)}.`}>
      <Title>{r.full ? 'Ordine rimborsato' : 'Rimborso parziale'}</Title>
      <P>
        Abbiamo rimborsato <strong>{formatEuro(r.amount_cents)}</strong> per l&apos;ordine{' '}
        <strong>#{r.short_id}</strong> del {formatItalianDay(r.created_at)}.
      </P>
      {r.lines.length > 0 || r.shipping ? (
        <Section>
          {r.lines.map((l, i) => (
            <P key={i}>{`${l.quantity} × ${l.name}`}</P>
          ))}
          {r.shipping ? <P>Spedizione</P> : null}
        </Section>
      ) : null}
      <AmountRow label="Rimborsato ora" cents={r.amount_cents} strong />
      <AmountRow label="Rimborsato in totale" cents={r.refunded_total_cents} />
      <AmountRow label="Totale pagato (IVA inclusa)" cents={r.total_cents} />
      <P>
        Il rimborso torna sullo stesso metodo di pagamento usato per l&apos;ordine: lo vedi sull&apos;estratto conto in{' '}
        {REFUND_ARRIVAL_TEXT}, secondo i tempi della tua banca.
      </P>
      <GoldButton href={EMAIL_LINKS.orders(context.origin)}>Vedi i tuoi ordini</GoldButton>
    </EmailLayout>
  ),
};
