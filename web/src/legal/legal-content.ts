/**
 * Content of the legal pages (/legal/{page}). Italian text containing the facts of the product
 * spec (return window, refunds, warranty, delivery times, support reply time) and what the law
 * asks an online shop to tell consumers before they buy:
 *  - who sells (art. 7 D.Lgs. 70/2003; art. 49 c.1 lett. b-c Codice del Consumo);
 *  - the delivery costs, as the shipping methods charge them (art. 49 c.1 lett. e);
 *  - the 14-day right of withdrawal, how to exercise it and its exceptions (art. 49 c.1 lett. h-m,
 *    artt. 52-59 Codice del Consumo), including digital content supplied at once (art. 59 c.1 lett. o);
 *  - the renewal and cancellation of the club subscription (art. 49 c.1 lett. o).
 * No link to the EU ODR platform: it closed on 20 July 2025 (Reg. (EU) 2024/3228 repealed
 * Reg. (EU) 524/2013), and art. 14 of the repealed regulation no longer asks for one.
 */
import { CLUB_NAME, SHOP_NAME } from '../../../shared/constants';
import type { LegalPage } from '../../../shared/constants';
import type { ShippingMethodDto } from '../../../shared/api/catalog';
import { formatEuro } from '../../../shared/money';
import { sellerLine, type SellerIdentity } from '../../../shared/seller';

/** One titled block of a legal page. */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** Question/answer pairs (FAQ page). */
  faq?: { q: string; a: string }[];
}

/** A whole legal page. */
export interface LegalDocument {
  title: string;
  intro: string;
  updated: string;
  sections: LegalSection[];
}

const UPDATED = '25 novembre 2026';

/** What the legal pages are built from: the stage's configuration and the shop's shipping methods. */
export interface LegalFacts {
  /** The stage's support email (runtime config). */
  supportEmail: string;
  /** The seller's identity (runtime config), or null when /config.json could not be read. */
  seller: SellerIdentity | null;
  /** The shipping methods (GET /api/shipping-methods), ordered by cost; null while loading or after a failure. */
  shippingMethods: readonly ShippingMethodDto[] | null;
}

/** One shipping method as the legal pages state it: 'Standard: 4,90 €, gratuita da 79,00 € (consegna in 3-5 giorni lavorativi).' */
export function shippingMethodText(m: ShippingMethodDto): string {
  const cost =
    m.cost_cents === 0
      ? 'gratuita'
      : m.free_shipping_threshold_cents === null
        ? formatEuro(m.cost_cents)
        : `${formatEuro(m.cost_cents)}, gratuita per ordini da ${formatEuro(m.free_shipping_threshold_cents)}`;
  const min = m.estimated_delivery_days_min;
  const max = m.estimated_delivery_days_max;
  const days =
    min !== null && max !== null
      ? min === max
        ? ` (consegna in ${min} giorni lavorativi)`
        : ` (consegna in ${min}-${max} giorni lavorativi)`
      : max !== null
        ? ` (consegna entro ${max} giorni lavorativi)`
        : '';
  return `${m.name}: ${cost}${days}.`;
}

/** The shipping costs as a list of sentences, from the methods; a pointer to the cart while they are unknown. */
function shippingCosts(methods: LegalFacts['shippingMethods']): string[] {
  if (!methods) return ['I costi di spedizione di ogni metodo sono indicati nel carrello, prima del pagamento.'];
  if (methods.length === 0) return ['Al momento non sono disponibili metodi di spedizione.'];
  return methods.map(shippingMethodText);
}

/** The seller's identity as the legal pages list it. */
function sellerList(s: SellerIdentity): string[] {
  return [
    `Ragione sociale: ${s.company_name}`,
    `Sede legale: ${s.registered_office}`,
    `Partita IVA: IT${s.vat_number}`,
    `Numero REA: ${s.rea_number}`,
    ...(s.share_capital ? [`Capitale sociale: ${s.share_capital}`] : []),
    `PEC: ${s.pec}`,
    `Email: ${s.support_email}`,
  ];
}

/**
 * The club's withdrawal, the same on every page that mentions it: a service (art. 52 c.2 lett. a,
 * art. 50 c.3, art. 57 c.3 Codice del Consumo; shared/club-withdrawal.ts).
 */
const CLUB_WITHDRAWAL_TEXT = `L’abbonamento ${CLUB_NAME} è un servizio: puoi recedere entro 14 giorni dal giorno della sottoscrizione, senza indicare il motivo (art. 52 c.2 lett. a Codice del Consumo). Al momento dell’acquisto ci chiedi espressamente di far iniziare subito l’abbonamento durante quei 14 giorni (art. 50 c.3): se poi recedi, paghi solo la parte già goduta, in proporzione ai giorni trascorsi dal giorno dopo l’acquisto fino alla richiesta sul totale dei giorni del primo periodo pagato, arrotondata al centesimo a tuo favore, e ti rimborsiamo il resto entro 14 giorni sullo stesso metodo di pagamento (artt. 56 e 57 c.3). Il rinnovo non è un nuovo contratto: non riapre il recesso, ma puoi sempre disdire il rinnovo.`;
const CLUB_WITHDRAWAL_HOW =
  "Per recedere dall'abbonamento, nella sezione Abbonamenti del tuo profilo premi 'Recedi dal contratto', controlla l'importo trattenuto e il rimborso e premi 'Conferma il recesso': l'abbonamento termina subito e ricevi una conferma via email con la data e l'ora della richiesta.";

/**
 * How to withdraw, the same on every page that mentions it (artt. 52-54 Codice del Consumo): the
 * 'Recedi dal contratto' button of the withdrawal function (art. 11-bis Directive 2011/83/EU), or
 * any other explicit statement (art. 54 c.1) by email or the contact form.
 */
const WITHDRAWAL_STEPS = (supportEmail: string) => [
  "Nella sezione Ordini del tuo profilo premi 'Recedi dal contratto' sull'ordine consegnato, scegli i prodotti da restituire e premi 'Conferma recesso'. Il pulsante resta disponibile per tutti i 14 giorni.",
  `In alternativa inviaci una dichiarazione esplicita della tua decisione di recedere, per email a ${supportEmail} o con il modulo Contatti, indicando il numero d'ordine e i prodotti da restituire.`,
  'Ti confermiamo subito via email la ricezione della tua richiesta, con il contenuto, la data e l’ora, e ti indichiamo come restituire i prodotti.',
  'Restituisci i prodotti entro 14 giorni dalla comunicazione del recesso; il rimborso, comprese le spese di consegna standard se restituisci l’intero ordine, arriva entro 14 giorni dalla richiesta sullo stesso metodo di pagamento, e possiamo attendere di aver ricevuto i prodotti.',
];

/**
 * Builds the five legal pages.
 * @param facts the support email and seller identity of the stage, and the shipping methods
 */
export function getLegalContent(facts: LegalFacts): Record<LegalPage, LegalDocument> {
  const { supportEmail, seller } = facts;
  const sellerName = seller?.company_name ?? SHOP_NAME;
  const sellerOffice = seller ? `, con sede legale in ${seller.registered_office}` : '';
  const sellerSection: LegalSection[] = seller
    ? [{ heading: 'Chi vende', paragraphs: [sellerLine(seller)], list: sellerList(seller) }]
    : [];
  return {
    'termini-e-condizioni': {
      title: 'Termini e Condizioni',
      updated: UPDATED,
      intro: `I presenti Termini e Condizioni regolano l'uso del sito e gli acquisti effettuati su ${SHOP_NAME}, gestito da ${sellerName}${sellerOffice}. Effettuando un ordine o sottoscrivendo un abbonamento accetti integralmente quanto segue.`,
      sections: [
        ...sellerSection,
        {
          heading: '1. Oggetto',
          paragraphs: [
            `${SHOP_NAME} vende attrezzatura fitness, prodotti digitali (come workout planner e piani alimentari) e programmi di crescita personale, oltre all'abbonamento ${CLUB_NAME}, che offre vantaggi riservati ai membri.`,
          ],
        },
        {
          heading: '2. Account',
          paragraphs: [
            'Per aggiungere prodotti al carrello, salvare la lista dei desideri e completare un ordine è necessario un account. Sei responsabile della riservatezza delle tue credenziali; ti consigliamo di attivare la verifica a due fattori dal tuo profilo.',
          ],
        },
        {
          heading: '3. Prezzi e pagamenti',
          paragraphs: [
            'Tutti i prezzi sono espressi in euro (€) e sono IVA inclusa. Il prezzo definitivo, inclusi eventuali sconti riservati ai membri e le spese di spedizione, è indicato prima del pagamento.',
            'Quando annunciamo una riduzione di prezzo mostriamo accanto al prezzo ridotto il prezzo più basso applicato nei 30 giorni precedenti la riduzione (art. 17-bis Codice del Consumo). Lo sconto personale dei membri dell’Aurum Club non è una riduzione di prezzo annunciata al pubblico: è indicato come prezzo riservato ai membri.',
            'I pagamenti sono elaborati in modo sicuro da un fornitore di pagamenti certificato: non conserviamo i dati della tua carta.',
          ],
        },
        {
          heading: '4. Spedizioni',
          paragraphs: [
            'Gli ordini vengono elaborati in 1-2 giorni lavorativi. La consegna richiede 3-5 giorni in Italia e 7-15 giorni per le spedizioni internazionali. I costi di spedizione, per metodo, sono:',
          ],
          list: shippingCosts(facts.shippingMethods),
        },
        {
          heading: `5. Abbonamenti ${CLUB_NAME}`,
          list: [
            "L'abbonamento dura il numero di mesi indicato nel piano scelto e dà diritto allo sconto e ai contenuti riservati al livello corrispondente.",
            'Gli abbonamenti si rinnovano automaticamente alla scadenza per la stessa durata, al prezzo in vigore, salvo disdetta.',
            'Puoi disdire in qualsiasi momento dal tuo profilo, nella sezione Abbonamenti: la disdetta blocca il rinnovo successivo e i vantaggi restano attivi fino alla fine del periodo già pagato.',
            CLUB_WITHDRAWAL_TEXT,
            CLUB_WITHDRAWAL_HOW,
          ],
        },
        {
          heading: '6. Prodotti digitali',
          paragraphs: [
            'I prodotti digitali sono resi disponibili dopo la conferma del pagamento e sono concessi in licenza per uso personale. Non è consentito rivenderli o distribuirli.',
            'Chiedendo di ricevere subito un contenuto digitale acconsenti all’inizio immediato della fornitura e riconosci che perdi così il diritto di recesso per quel contenuto (art. 59 c.1 lett. o Codice del Consumo).',
          ],
        },
        {
          heading: '7. Diritto di recesso, resi e garanzia',
          paragraphs: [
            `Puoi recedere dal contratto per i prodotti fisici entro 14 giorni dalla consegna, senza indicare il motivo (art. 52 Codice del Consumo), con il pulsante 'Recedi dal contratto' nella sezione Ordini del tuo profilo oppure scrivendoci a ${supportEmail} con il numero d'ordine; come garanzia commerciale accettiamo inoltre resi entro 30 giorni dalla consegna. Tutti i dettagli sono nella Politica di Reso.`,
            'I prodotti fisici sono coperti da una garanzia limitata di 2 anni contro i difetti di fabbricazione, oltre alla garanzia legale di conformità (artt. 128 e seguenti Codice del Consumo).',
          ],
        },
        {
          heading: '8. Legge applicabile',
          paragraphs: [
            'I presenti termini sono regolati dalla legge italiana. Restano salvi i diritti inderogabili riconosciuti al consumatore dal Codice del Consumo (D.Lgs. 206/2005).',
            `Per qualsiasi domanda scrivi a ${supportEmail}.`,
          ],
        },
      ],
    },
    'privacy-policy': {
      title: 'Privacy Policy',
      updated: UPDATED,
      intro: `Questa informativa, resa ai sensi del Regolamento (UE) 2016/679 (GDPR), spiega come ${SHOP_NAME} tratta i tuoi dati personali quando visiti il sito, crei un account o effettui un acquisto.`,
      sections: [
        {
          heading: '1. Titolare del trattamento',
          paragraphs: [
            `Il titolare del trattamento è ${sellerName}${sellerOffice}${seller ? ` (P.IVA IT${seller.vat_number}, PEC ${seller.pec})` : ''}. Puoi contattarci all'indirizzo ${supportEmail}.`,
          ],
        },
        {
          heading: '2. Dati che raccogliamo',
          list: [
            'Dati di account: indirizzo email, password (conservata solo in forma cifrata) e impostazioni di sicurezza.',
            'Dati di acquisto: prodotti ordinati, importi, stato degli ordini, indirizzi di spedizione e dati di fatturazione (indirizzo, partita IVA, codice fiscale).',
            'Dati di navigazione: informazioni tecniche necessarie al funzionamento del sito e preferenze salvate nel browser, come il tema chiaro o scuro.',
            'Comunicazioni: i messaggi che ci invii e le recensioni che pubblichi.',
          ],
        },
        {
          heading: '3. Finalità e basi giuridiche',
          list: [
            "Gestione dell'account, degli ordini e degli abbonamenti (esecuzione del contratto).",
            'Adempimenti fiscali e contabili (obbligo di legge).',
            'Sicurezza del servizio e prevenzione delle frodi (legittimo interesse).',
            'Invio di comunicazioni commerciali, solo con il tuo consenso, revocabile in ogni momento.',
          ],
        },
        {
          heading: '4. Pagamenti',
          paragraphs: [
            'I pagamenti sono gestiti da un fornitore di pagamenti certificato PCI-DSS. Non riceviamo né conserviamo i dati completi della tua carta.',
          ],
        },
        {
          heading: '5. Conservazione',
          paragraphs: [
            "Conserviamo i dati dell'account finché resta attivo; i dati relativi agli ordini sono conservati per 10 anni per obblighi fiscali. I messaggi di assistenza sono conservati per il tempo necessario a gestire la richiesta.",
          ],
        },
        {
          heading: '6. Destinatari e trasferimenti',
          paragraphs: [
            "I dati sono trattati da fornitori che ci supportano (hosting cloud, pagamenti, spedizioni), nominati responsabili del trattamento. Eventuali trasferimenti fuori dall'Unione Europea avvengono con garanzie adeguate, come le clausole contrattuali standard.",
          ],
        },
        {
          heading: '7. I tuoi diritti',
          paragraphs: [
            `Puoi chiedere in ogni momento l'accesso, la rettifica, la cancellazione, la limitazione o la portabilità dei tuoi dati e opporti al trattamento, scrivendo a ${supportEmail}. Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali.`,
          ],
        },
        {
          heading: '8. Cookie e archiviazione locale',
          paragraphs: [
            'Usiamo solo strumenti tecnici necessari al funzionamento del sito, ad esempio per mantenere la sessione di accesso e ricordare il tema scelto. Non utilizziamo cookie di profilazione.',
          ],
        },
      ],
    },
    'politica-di-reso': {
      title: 'Politica di Reso',
      updated: UPDATED,
      intro:
        'Vogliamo che tu sia pienamente soddisfatto del tuo acquisto. Se qualcosa non va, ecco come restituire un prodotto o annullare un ordine.',
      sections: [
        {
          heading: 'Diritto di recesso entro 14 giorni',
          paragraphs: [
            'Puoi recedere dal contratto entro 14 giorni dalla consegna dei prodotti fisici, senza dover indicare il motivo e senza penali (artt. 52-59 Codice del Consumo). Per più prodotti consegnati separatamente i 14 giorni decorrono dalla consegna dell’ultimo.',
          ],
        },
        {
          heading: 'Come recedere',
          list: WITHDRAWAL_STEPS(supportEmail),
        },
        {
          heading: 'Resi entro 30 giorni',
          paragraphs: [
            'Oltre al diritto di recesso, come garanzia commerciale puoi restituire i prodotti fisici entro 30 giorni dalla consegna, senza dover indicare il motivo. I prodotti devono essere integri, non utilizzati in modo improprio e, ove possibile, nella confezione originale.',
          ],
        },
        {
          heading: 'Come richiedere un reso',
          list: [
            `Scrivi a ${supportEmail} indicando il numero d'ordine e i prodotti da restituire.`,
            'Riceverai le istruzioni per la spedizione del reso.',
            "Una volta ricevuto e verificato il prodotto, confermeremo l'approvazione del rimborso.",
          ],
        },
        {
          heading: 'Rimborsi',
          paragraphs: [
            "Il rimborso viene emesso sullo stesso metodo di pagamento usato per l'acquisto entro 5-10 giorni lavorativi dall'approvazione del reso.",
          ],
        },
        {
          heading: 'Annullamento di un ordine',
          paragraphs: [
            "Un ordine può essere annullato solo mentre il suo stato è 'In elaborazione'. Una volta 'Spedito', non è più possibile annullarlo, ma puoi sempre restituire i prodotti entro 30 giorni dalla consegna. Per annullarlo usa 'Annulla ordine' nella sezione Ordini del tuo profilo: l'importo pagato ti viene rimborsato per intero.",
          ],
        },
        {
          heading: 'Prodotti digitali',
          paragraphs: [
            'Il diritto di recesso non si applica ai contenuti digitali forniti subito dopo il pagamento, se hai acconsentito all’inizio immediato della fornitura riconoscendo di perdere il diritto di recesso (art. 59 c.1 lett. o Codice del Consumo). Restano i rimedi per contenuti difettosi o non conformi.',
          ],
        },
        {
          heading: `Abbonamenti ${CLUB_NAME}`,
          paragraphs: [CLUB_WITHDRAWAL_TEXT, CLUB_WITHDRAWAL_HOW],
        },
        {
          heading: 'Prodotti difettosi',
          paragraphs: [
            'I prodotti fisici sono coperti da una garanzia limitata di 2 anni. Se ricevi un articolo danneggiato o difettoso, contattaci: provvederemo alla sostituzione o al rimborso senza costi aggiuntivi.',
          ],
        },
      ],
    },
    faq: {
      title: 'FAQ',
      updated: UPDATED,
      intro:
        'Le risposte alle domande che riceviamo più spesso. Non trovi quello che cerchi? Contatta il nostro supporto.',
      sections: [
        {
          heading: 'Ordini e spedizioni',
          faq: [
            {
              q: 'Quanto tempo serve per elaborare un ordine?',
              a: 'Gli ordini vengono elaborati in 1-2 giorni lavorativi dalla conferma del pagamento.',
            },
            {
              q: 'Quali sono i tempi di consegna?',
              a: 'La consegna richiede 3-5 giorni in Italia e 7-15 giorni per le spedizioni internazionali.',
            },
            { q: 'Quanto costa la spedizione?', a: shippingCosts(facts.shippingMethods).join(' ') },
            {
              q: 'Come posso seguire il mio ordine?',
              a: "Quando l'ordine viene spedito trovi il numero di tracciamento nel tuo profilo, nella sezione I Miei Ordini, con il link 'Traccia il mio ordine'.",
            },
          ],
        },
        {
          heading: 'Garanzia e resi',
          faq: [
            {
              q: 'I prodotti sono coperti da garanzia?',
              a: 'Sì: tutti i prodotti fisici hanno una garanzia limitata di 2 anni contro i difetti di fabbricazione.',
            },
            {
              q: 'Posso essere rimborsato se non sono soddisfatto?',
              a: 'Certo: offriamo una garanzia soddisfatti o rimborsati di 30 giorni. Il rimborso arriva entro 5-10 giorni lavorativi dall’approvazione del reso.',
            },
            { q: 'Posso annullare un ordine?', a: "Sì, ma solo finché il suo stato è 'In elaborazione'." },
            {
              q: 'Come esercito il diritto di recesso?',
              a: `Entro 14 giorni dalla consegna, con il pulsante 'Recedi dal contratto' sull'ordine nella sezione Ordini del tuo profilo, oppure scrivendoci a ${supportEmail} con il numero d'ordine. Tutti i dettagli sono nella Politica di Reso.`,
            },
          ],
        },
        {
          heading: 'Attrezzatura e programmi',
          faq: [
            {
              q: "Come scelgo l'attrezzatura giusta?",
              a: 'Ogni scheda prodotto descrive materiali e utilizzo consigliato. Se hai dubbi, scrivici indicando obiettivi e spazio disponibile: ti consiglieremo la soluzione più adatta.',
            },
            {
              q: 'I programmi di allenamento sono inclusi?',
              a: 'Alcuni prodotti e bundle includono programmi e planner digitali, indicati nella descrizione. I membri dell’Aurum Club ricevono inoltre contenuti esclusivi.',
            },
          ],
        },
        {
          heading: `${CLUB_NAME}`,
          faq: [
            {
              q: "Cos'è l'Aurum Club?",
              a: 'È il nostro abbonamento Premium: sconti su tutto il catalogo, accesso anticipato alle novità, prodotti e bundle esclusivi.',
            },
            {
              q: "L'abbonamento si rinnova automaticamente?",
              a: 'Sì, alla scadenza si rinnova per la stessa durata, al prezzo in vigore. Puoi disdirlo in qualsiasi momento dal tuo profilo, nella sezione Abbonamenti: il rinnovo si ferma e i vantaggi restano attivi fino alla fine del periodo pagato.',
            },
            {
              q: "Posso recedere dall'abbonamento?",
              a: `Sì, entro 14 giorni dalla sottoscrizione, con il pulsante 'Recedi dal contratto' nella sezione Abbonamenti del tuo profilo: l'abbonamento termina subito, tratteniamo solo la parte già goduta in proporzione ai giorni trascorsi e ti rimborsiamo il resto. Tutti i dettagli sono nei Termini e Condizioni e nella Politica di Reso.`,
            },
          ],
        },
      ],
    },
    supporto: {
      title: 'Supporto',
      updated: UPDATED,
      intro: 'Il nostro team di assistenza è al tuo fianco prima e dopo l’acquisto.',
      sections: [
        {
          heading: 'Contattaci',
          paragraphs: [
            `Scrivi a ${supportEmail}: rispondiamo entro 24 ore lavorative. Indica il numero d'ordine, se ne hai uno, per aiutarci a risponderti più rapidamente.`,
          ],
        },
        ...sellerSection,
        {
          heading: 'Possiamo aiutarti con',
          list: [
            'Scelta dei prodotti e consigli sull’attrezzatura',
            'Stato degli ordini, spedizioni e tracciamento',
            'Resi, rimborsi e garanzia',
            `Abbonamenti ${CLUB_NAME} e accesso ai contenuti esclusivi`,
            'Account, password e verifica a due fattori',
          ],
        },
        {
          heading: 'Prima di scriverci',
          paragraphs: [
            'Molte risposte si trovano già nelle FAQ: tempi di consegna, garanzia di 2 anni, resi entro 30 giorni e rinnovo degli abbonamenti.',
          ],
        },
      ],
    },
  };
}
