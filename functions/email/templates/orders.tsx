/**
 * Order emails: the confirmation (fulfilment), 'Spedito' with the tracking link, 'Annullato', and
 * the owner's notice of a new paid order. Amounts in cents, dates ISO.
 */
import { Hr, Link, Section, Text } from '@react-email/components';
import { formatEuro } from '../../../shared/money';
import { formatItalianDay } from '../../../shared/calendar';

/** '26 novembre 2026 alle ore 15:05' (Europe/Rome). */
export const formatItalianDateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', {
    timeZone: 'Europe/Rome',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
import type { ShippingAddressDto } from '../../../shared/api/orders';
import { EMAIL_LINKS } from '../links';
import { EmailLayout, P, styles, Title, type EmailContext } from './layout';
import { AddressBlock, AmountRow, GoldButton } from './parts';

/** One line of an order as the emails show it. */
export interface OrderEmailLine {
  name: string;
  quantity: number;
  /** Unit price paid (after the member discount), cents. */
  unit_cents: number;
  is_digital: boolean;
  /** A bundle's products, by name. */
  bundle_items?: string[];
  /** The SKU of the variant bought (lines of a product with options; absent on older jobs). */
  sku?: string;
}

/** The order as it was when the email was queued. */
export interface OrderEmailData {
  order_id: string;
  /** The 8 characters customers see. */
  short_id: string;
  created_at: string;
  customer_email: string;
  lines: OrderEmailLine[];
  /** Goods after the member discount, before the code, cents. */
  subtotal_cents: number;
  discount_code: string | null;
  discount_cents: number | null;
  shipping_method: string | null;
  shipping_cents: number | null;
  shipping_address: ShippingAddressDto | null;
  total_cents: number;
  /** True when a line (or a bundle's product) is a download. */
  has_digital: boolean;
  /** ISO: when the shopper consented to the immediate supply of the digital content (absent on older jobs). */
  digital_consent_at?: string | null;
  /** How it was paid, in Italian ('PayPal', 'Carta Visa •••• 4242'); null or absent when not known. */
  payment_method?: string | null;
}

/** 'Spedito': the order and its tracking. */
export interface OrderShippedData extends OrderEmailData {
  tracking_number: string | null;
  tracking_url: string | null;
}

/** The order's lines; with `skus`, each variant's SKU under its name (the owner's notice: what to pick). */
function Lines(props: { lines: OrderEmailLine[]; skus?: boolean }) {
  return (
    <Section>
      {props.lines.map((l, i) => (
        <AmountRow
          key={i}
          label={
            <>
              {l.quantity} × {l.name}
              {l.is_digital ? ' (digitale)' : ''}
              {l.bundle_items?.length ? (
                <span style={{ display: 'block', fontSize: '13px', opacity: 0.75 }}>{l.bundle_items.join(', ')}</span>
              ) : null}
              {props.skus && l.sku ? (
                <span style={{ display: 'block', fontSize: '13px', opacity: 0.75 }}>SKU {l.sku}</span>
              ) : null}
            </>
          }
          cents={l.unit_cents * l.quantity}
        />
      ))}
    </Section>
  );
}

/** The totals block: subtotal, code, shipping, total with 'IVA inclusa'. */
function Totals(props: { order: OrderEmailData }) {
  const o = props.order;
  return (
    <Section>
      <Hr style={{ borderColor: '#2e2a1a', margin: '8px 0 12px' }} />
      <AmountRow label="Subtotale" cents={o.subtotal_cents} testId="subtotal" />
      {o.discount_code && o.discount_cents ? (
        <AmountRow label={`Codice sconto ${o.discount_code}`} cents={-o.discount_cents} testId="discount" />
      ) : null}
      {o.shipping_cents !== null ? (
        <AmountRow
          label={`Spedizione${o.shipping_method ? ` (${o.shipping_method})` : ''}`}
          value={o.shipping_cents === 0 ? 'GRATIS' : formatEuro(o.shipping_cents)}
          testId="shipping"
        />
      ) : null}
      <AmountRow label="Totale (IVA inclusa)" cents={o.total_cents} strong testId="total" />
      {o.payment_method ? <AmountRow label="Pagato con" value={o.payment_method} testId="payment-method" /> : null}
    </Section>
  );
}

export const orderConfirmation = {
  subject: (d: OrderEmailData) => `Conferma ordine #${d.short_id}`,
  Body: ({ data: o, context }: { data: OrderEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`Grazie! Abbiamo ricevuto il pagamento dell'ordine #${o.short_id}.`}>
      <Title>Grazie per il tuo ordine</Title>
      <P>
        Abbiamo ricevuto il pagamento dell&apos;ordine <strong>#{o.short_id}</strong> del{' '}
        {formatItalianDay(o.created_at)}. Lo stiamo preparando: ti scriviamo di nuovo quando parte.
      </P>
      <Lines lines={o.lines} />
      <Totals order={o} />
      {o.shipping_address ? (
        <Section style={{ marginTop: '16px' }}>
          <Text className="af-gold" style={{ ...styles.text, color: '#D4AF37', fontWeight: 700 }}>
            Indirizzo di spedizione
          </Text>
          <AddressBlock address={o.shipping_address} />
        </Section>
      ) : null}
      {o.has_digital ? (
        <>
          <P>I tuoi contenuti digitali sono pronti: li scarichi dal tuo profilo, nella sezione Ordini.</P>
          {/*
            Codice del Consumo art. 51 c.7 and art. 59 c.1 lett. o: the confirmation of a contract for
            digital content supplied at once records the consumer's prior express consent and
            acknowledgement of the loss of the withdrawal right.
          */}
          {o.digital_consent_at ? (
            <Text className="af-muted" style={styles.muted} data-legal="digital-consent">
              Il {formatItalianDateTime(o.digital_consent_at)} hai acconsentito all&apos;inizio immediato della
              fornitura dei contenuti digitali e riconosciuto di perdere così il diritto di recesso per questi contenuti
              (art. 59 c.1 lett. o Codice del Consumo).
            </Text>
          ) : null}
          <GoldButton href={EMAIL_LINKS.orders(context.origin)}>Vai ai tuoi download</GoldButton>
        </>
      ) : (
        <GoldButton href={EMAIL_LINKS.orders(context.origin)}>Vedi il tuo ordine</GoldButton>
      )}
      {/*
        Codice del Consumo (D.Lgs. 206/2005) art. 51 comma 7: the trader confirms a distance
        contract on a durable medium with the information of art. 49 comma 1, among them the
        conditions, the deadline and the procedure to withdraw (art. 49 c.1 lett. h; artt. 52-59).
        This email is that confirmation: the terms and the withdrawal information go with it.
      */}
      <Hr style={{ borderColor: '#2e2a1a', margin: '20px 0 12px' }} />
      <Text className="af-muted" style={styles.muted} data-legal="withdrawal">
        Diritto di recesso: puoi recedere dal contratto senza indicarne il motivo entro 30 giorni dalla consegna (almeno
        14 per legge, Codice del Consumo artt. 52-59), scrivendoci all&apos;indirizzo qui sotto. Il rimborso arriva in
        5-10 giorni lavorativi. Tutti i dettagli nella{' '}
        <Link href={EMAIL_LINKS.returns(context.origin)} className="af-gold" style={styles.link}>
          politica di reso
        </Link>
        .
      </Text>
      <Text className="af-muted" style={styles.muted} data-legal="terms">
        Il contratto è regolato dai nostri{' '}
        <Link href={EMAIL_LINKS.terms(context.origin)} className="af-gold" style={styles.link}>
          termini e condizioni
        </Link>
        , validi alla data dell&apos;ordine. Venditore: {context.settings.seller.company_name},{' '}
        {context.settings.seller.registered_office}, P.IVA IT{context.settings.seller.vat_number}.
      </Text>
    </EmailLayout>
  ),
};

export const orderShipped = {
  subject: (d: OrderShippedData) => `Il tuo ordine #${d.short_id} è stato spedito`,
  Body: ({ data: o, context }: { data: OrderShippedData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`L'ordine #${o.short_id} è in viaggio.`}>
      <Title>Il tuo ordine è in viaggio</Title>
      <P>
        L&apos;ordine <strong>#{o.short_id}</strong> è stato spedito
        {o.shipping_method ? ` con ${o.shipping_method}` : ''}.
        {o.tracking_number ? ` Numero di spedizione: ${o.tracking_number}.` : ''}
      </P>
      {o.tracking_url ? (
        <GoldButton href={o.tracking_url}>Segui la spedizione</GoldButton>
      ) : (
        <GoldButton href={EMAIL_LINKS.orders(context.origin)}>Vedi il tuo ordine</GoldButton>
      )}
      <Lines lines={o.lines} />
      {o.shipping_address ? <AddressBlock address={o.shipping_address} /> : null}
    </EmailLayout>
  ),
};

export const orderCancelled = {
  subject: (d: OrderEmailData) => `Il tuo ordine #${d.short_id} è stato annullato`,
  Body: ({ data: o, context }: { data: OrderEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`L'ordine #${o.short_id} è stato annullato.`}>
      <Title>Ordine annullato</Title>
      <P>
        L&apos;ordine <strong>#{o.short_id}</strong> del {formatItalianDay(o.created_at)} ({formatEuro(o.total_cents)})
        è stato annullato. Se hai già pagato, il rimborso arriva sullo stesso metodo di pagamento in 5-10 giorni
        lavorativi.
      </P>
      <GoldButton href={EMAIL_LINKS.orders(context.origin)}>Vedi i tuoi ordini</GoldButton>
    </EmailLayout>
  ),
};

export const ownerNewOrder = {
  subject: (d: OrderEmailData) => `Nuovo ordine pagato #${d.short_id} (${formatEuro(d.total_cents)})`,
  Body: ({ data: o, context }: { data: OrderEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`${o.customer_email} ha pagato ${formatEuro(o.total_cents)}.`}>
      <Title>Nuovo ordine pagato</Title>
      <P>
        Ordine <strong>#{o.short_id}</strong> di {o.customer_email}, {formatItalianDay(o.created_at)}.
      </P>
      <Lines lines={o.lines} skus />
      <Totals order={o} />
      {o.shipping_address ? <AddressBlock address={o.shipping_address} /> : null}
      <GoldButton href={EMAIL_LINKS.adminOrders(context.origin)}>Apri gli ordini</GoldButton>
    </EmailLayout>
  ),
};
