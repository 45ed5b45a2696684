/** Aurum Club emails: welcome on activation, the receipt of each paid renewal, a failed payment, the end. */
import { formatEuro } from '../../../shared/money';
import { formatItalianDay } from '../../../shared/calendar';
import { CLUB_NAME } from '../../../shared/constants';
import { EMAIL_LINKS } from '../links';
import { EmailLayout, P, Title, type EmailContext } from './layout';
import { AmountRow, GoldButton } from './parts';

export interface ClubEmailData {
  plan_name: string;
  tier: string;
  discount_percentage: number;
  /** ISO: when the paid period ends (renewal or end). */
  period_end: string | null;
  /** Amount of the invoice, cents (receipt, failed payment). */
  amount_cents?: number | null;
  /** Stripe's invoice number, when there is one. */
  invoice_number?: string | null;
}

export const clubWelcome = {
  subject: () => `Benvenuto in ${CLUB_NAME}`,
  Body: ({ data, context }: { data: ClubEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`Il tuo piano ${data.plan_name} è attivo.`}>
      <Title>Benvenuto in {CLUB_NAME}</Title>
      <P>
        Il piano <strong>{data.plan_name}</strong> (livello {data.tier}) è attivo: da ora vedi i prodotti riservati e
        hai il {data.discount_percentage}% di sconto sui prezzi del negozio.
      </P>
      {data.period_end ? <P>Il periodo pagato arriva al {formatItalianDay(data.period_end)}.</P> : null}
      <GoldButton href={`${context.origin}/products`}>Inizia a esplorare</GoldButton>
    </EmailLayout>
  ),
};

export const clubRenewal = {
  subject: () => `Ricevuta del rinnovo ${CLUB_NAME}`,
  Body: ({ data, context }: { data: ClubEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`Rinnovo di ${data.plan_name} pagato.`}>
      <Title>Grazie, il tuo rinnovo è pagato</Title>
      <P>Abbiamo ricevuto il pagamento del rinnovo di {CLUB_NAME}.</P>
      <AmountRow label={`Piano ${data.plan_name}`} cents={data.amount_cents ?? 0} />
      <AmountRow label="Totale (IVA inclusa)" cents={data.amount_cents ?? 0} strong />
      {data.invoice_number ? <P>Fattura n. {data.invoice_number}.</P> : null}
      {data.period_end ? <P>Il prossimo rinnovo è il {formatItalianDay(data.period_end)}.</P> : null}
      <GoldButton href={EMAIL_LINKS.club(context.origin)}>Il tuo abbonamento</GoldButton>
    </EmailLayout>
  ),
};

export const clubPaymentFailed = {
  subject: () => `Pagamento ${CLUB_NAME} non riuscito`,
  Body: ({ data, context }: { data: ClubEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview="Aggiorna il metodo di pagamento per restare nel club.">
      <Title>Il pagamento non è andato a buon fine</Title>
      <P>
        Non siamo riusciti ad addebitare il rinnovo del piano {data.plan_name}
        {data.amount_cents ? ` (${formatEuro(data.amount_cents)})` : ''}. La banca o la carta lo hanno rifiutato.
      </P>
      <P>
        Cosa fare: controlla che la carta sia valida e abbia fondi, poi riprova dal tuo profilo. Ritenteremo
        l&apos;addebito nei prossimi giorni; se non va a buon fine, l&apos;abbonamento termina e perdi lo sconto dei
        membri.
      </P>
      <GoldButton href={EMAIL_LINKS.club(context.origin)}>Gestisci l&apos;abbonamento</GoldButton>
    </EmailLayout>
  ),
};

export const clubEnded = {
  subject: () => `Il tuo abbonamento ${CLUB_NAME} è terminato`,
  Body: ({ data, context }: { data: ClubEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview="Puoi tornare quando vuoi.">
      <Title>Il tuo abbonamento è terminato</Title>
      <P>
        Il piano {data.plan_name} è terminato
        {data.period_end ? ` il ${formatItalianDay(data.period_end)}` : ''}: i prodotti riservati e lo sconto dei membri
        non sono più attivi. Ci mancherai.
      </P>
      <GoldButton href={EMAIL_LINKS.premium(context.origin)}>Torna nel club</GoldButton>
    </EmailLayout>
  ),
};
