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
import { formatItalianDateTime } from './orders';

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
  /**
   * ISO: when the member asked, at checkout, for the membership to start at once during the 14 days
   * of withdrawal (the welcome repeats it on a durable medium, art. 50 c.3 Codice del Consumo).
   */
  service_start_requested_at?: string | null;
}

/**
 * The acknowledgement of a withdrawal from the club (art. 54 c.4 Codice del Consumo: "senza
 * indugio ... su un supporto durevole"; art. 11-bis Directive 2011/83/EU: its content and the date
 * and time it was made). Amounts in cents, dates ISO.
 */
export interface ClubWithdrawalEmailData {
  plan_name: string;
  started_at: string;
  requested_at: string;
  days_used: number;
  period_days: number;
  paid_cents: number;
  kept_cents: number;
  refund_cents: number;
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
      {data.service_start_requested_at ? (
        <P>
          {`Il ${formatItalianDateTime(data.service_start_requested_at)} ci hai chiesto espressamente di far iniziare subito l'abbonamento, durante i 14 giorni per il recesso. Puoi ancora recedere entro 14 giorni dall'acquisto dal tuo profilo (Abbonamenti, "Recedi dal contratto"): in quel caso paghi solo la parte di abbonamento già goduta, in proporzione ai giorni trascorsi, e ti rimborsiamo il resto (artt. 50 e 57 Codice del Consumo).`}
        </P>
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

export const clubWithdrawalReceived = {
  subject: () => `Abbiamo ricevuto il tuo recesso da ${CLUB_NAME}`,
  Body: ({ data: d, context }: { data: ClubWithdrawalEmailData; context: EmailContext }) => (
    <EmailLayout context={context} preview={`Recesso dal piano ${d.plan_name} registrato.`}>
      <Title>Recesso ricevuto</Title>
      <P>
        Confermiamo di aver ricevuto il <strong>{formatItalianDateTime(d.requested_at)}</strong> la tua dichiarazione di
        recesso dal contratto {CLUB_NAME}, piano <strong>{d.plan_name}</strong>, attivo dal{' '}
        {formatItalianDay(d.started_at)}. L&apos;abbonamento è terminato subito: i prodotti riservati e lo sconto dei
        membri non sono più attivi e non ti addebiteremo rinnovi.
      </P>
      <AmountRow label="Importo pagato" cents={d.paid_cents} />
      <AmountRow
        label={`Parte goduta (${d.days_used} ${d.days_used === 1 ? 'giorno' : 'giorni'} su ${d.period_days})`}
        cents={d.kept_cents}
      />
      <AmountRow label="Rimborso" cents={d.refund_cents} strong />
      <P>
        {d.refund_cents > 0
          ? `Ti rimborsiamo ${formatEuro(d.refund_cents)} sullo stesso metodo di pagamento: l'accredito arriva in 5-10 giorni lavorativi.`
          : 'Non resta nulla da rimborsare.'}{' '}
        Avevi chiesto che l&apos;abbonamento iniziasse subito: tratteniamo solo la parte già goduta, in proporzione ai
        giorni trascorsi (art. 57 c.3 Codice del Consumo).
      </P>
      <GoldButton href={EMAIL_LINKS.club(context.origin)}>Il tuo abbonamento</GoldButton>
    </EmailLayout>
  ),
};
