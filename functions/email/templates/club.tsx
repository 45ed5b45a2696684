/**
 * Aurum Club emails: welcome on activation, the receipt of each paid renewal, a failed payment,
 * the end, and the notice that a ban cancelled the membership. Amounts in cents, dates ISO.
 */
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
  /** ISO: when the paid period starts (the renewal receipt's period). */
  period_start?: string | null;
  /** ISO: when the paid period ends (or when the membership ended). */
  period_end: string | null;
  /** ISO: the next renewal, null when the membership will not renew. */
  renews_at?: string | null;
  /** Amount of the invoice, cents (receipt, failed payment). */
  amount_cents?: number | null;
  /** Stripe's invoice number, when there is one. */
  invoice_number?: string | null;
}

/** The notice that a ban cancelled the membership. */
export interface ClubBanNoticeData {
  plan_name: string;
  /** Money given back with the cancellation, cents (0: nothing was refunded). */
  refunded_cents: number;
}

export const clubWelcome = {
  subject: () => `Benvenuto in ${CLUB_NAME}`,
  Body: ({ data, context }: { data: ClubEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`Il tuo piano ${data.plan_name} è attivo.`}>
      <Title>Benvenuto in {CLUB_NAME}</Title>
      <P>
        {`Il piano ${data.plan_name} (livello ${data.tier}) è attivo: da ora vedi i prodotti riservati ai membri e hai il ${data.discount_percentage}% di sconto sui prezzi del negozio.`}
      </P>
      {data.period_end ? <P>{`Il periodo pagato arriva al ${formatItalianDay(data.period_end)}.`}</P> : null}
      {data.renews_at ? (
        <P>{`Si rinnova da solo il ${formatItalianDay(data.renews_at)}; puoi annullarlo quando vuoi dal tuo profilo.`}</P>
      ) : null}
      <GoldButton href={`${context.origin}/products`}>Inizia a esplorare</GoldButton>
    </EmailLayout>
  ),
};

export const clubRenewal = {
  subject: () => `Ricevuta del rinnovo ${CLUB_NAME}`,
  Body: ({ data, context }: { data: ClubEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`Rinnovo di ${data.plan_name} pagato.`}>
      <Title>Grazie, il tuo rinnovo è pagato</Title>
      <P>{`Abbiamo ricevuto il pagamento del rinnovo di ${CLUB_NAME}.`}</P>
      {data.period_start && data.period_end ? (
        <P>{`Periodo: dal ${formatItalianDay(data.period_start)} al ${formatItalianDay(data.period_end)}.`}</P>
      ) : null}
      <AmountRow label={`Piano ${data.plan_name}`} cents={data.amount_cents ?? 0} />
      <AmountRow label="Totale pagato (IVA inclusa)" cents={data.amount_cents ?? 0} strong />
      {data.invoice_number ? <P>{`Fattura n. ${data.invoice_number}.`}</P> : null}
      <P>
        {data.renews_at
          ? `Il prossimo rinnovo è il ${formatItalianDay(data.renews_at)}.`
          : 'Il piano non si rinnoverà alla fine di questo periodo.'}
      </P>
      <GoldButton href={EMAIL_LINKS.club(context.origin)}>Il tuo abbonamento</GoldButton>
    </EmailLayout>
  ),
};

export const clubPaymentFailed = {
  subject: () => `Pagamento ${CLUB_NAME} non riuscito`,
  Body: ({ data, context }: { data: ClubEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview="Il rinnovo non è stato pagato: ecco cosa fare.">
      <Title>Il pagamento non è andato a buon fine</Title>
      <P>
        {`Non siamo riusciti ad addebitare il rinnovo del piano ${data.plan_name}${data.amount_cents ? ` (${formatEuro(data.amount_cents)})` : ''}: la banca o la carta lo hanno rifiutato. Finché il pagamento non riesce, i prodotti riservati e lo sconto dei membri sono sospesi.`}
      </P>
      <P>
        Cosa fare: controlla che la carta sia valida, non scaduta e con fondi sufficienti. Ritenteremo l&apos;addebito
        sulla stessa carta nei prossimi giorni e, appena riesce, l&apos;abbonamento torna attivo da solo. Per usare
        un&apos;altra carta rispondi a questa email o scrivi a {context.settings.email.reply_to}: ti aiutiamo noi. Se
        nessun tentativo va a buon fine, l&apos;abbonamento termina.
      </P>
      <GoldButton href={EMAIL_LINKS.club(context.origin)}>Il tuo abbonamento</GoldButton>
    </EmailLayout>
  ),
};

export const clubEnded = {
  subject: () => `Il tuo abbonamento ${CLUB_NAME} è terminato`,
  Body: ({ data, context }: { data: ClubEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview="Puoi tornare quando vuoi.">
      <Title>Il tuo abbonamento è terminato</Title>
      <P>
        {`Il piano ${data.plan_name} è terminato${data.period_end ? ` il ${formatItalianDay(data.period_end)}` : ''}: i prodotti riservati e lo sconto dei membri non sono più attivi e non ti addebiteremo altri rinnovi.`}
      </P>
      <GoldButton href={EMAIL_LINKS.premium(context.origin)}>Torna nel club</GoldButton>
    </EmailLayout>
  ),
};

export const clubBanCancelled = {
  subject: () => `Il tuo abbonamento ${CLUB_NAME} è stato annullato`,
  Body: ({ data, context }: { data: ClubBanNoticeData; context: EmailContext }) => (
    <EmailLayout context={context} preview="Non ti addebiteremo altri rinnovi.">
      <Title>Abbonamento annullato</Title>
      <P>
        {`Il tuo account è stato sospeso e il tuo abbonamento ${CLUB_NAME} (piano ${data.plan_name}) è stato annullato: non si rinnoverà e non ti addebiteremo altri pagamenti.`}
      </P>
      <P>
        {data.refunded_cents > 0
          ? `Ti abbiamo rimborsato ${formatEuro(data.refunded_cents)} sullo stesso metodo di pagamento: lo vedi sull'estratto conto in 5-10 giorni lavorativi.`
          : 'Non è stato effettuato alcun rimborso del periodo già pagato.'}
      </P>
      <P>{`Se pensi che si tratti di un errore, scrivi a ${context.settings.email.reply_to}.`}</P>
    </EmailLayout>
  ),
};
