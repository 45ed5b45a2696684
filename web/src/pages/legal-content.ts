/**
 * Content of the legal pages (/legal/{page}). Italian text containing the facts of spec
 * section 2 "Legal pages content" and section 9 (return window, refunds, warranty, delivery
 * times, support reply time).
 */
import { BUSINESS_LOCATION, CLUB_NAME, SHOP_NAME } from '../../../shared/constants';
import type { LegalPage } from '../../../shared/constants';

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

const UPDATED = '1 settembre 2026';

/**
 * Builds the five legal pages.
 * @param supportEmail the stage's support email (from the runtime config)
 */
export function getLegalContent(supportEmail: string): Record<LegalPage, LegalDocument> {
  return {
    'termini-e-condizioni': {
      title: 'Termini e Condizioni',
      updated: UPDATED,
      intro: `I presenti Termini e Condizioni regolano l'uso del sito e gli acquisti effettuati su ${SHOP_NAME}, con sede a ${BUSINESS_LOCATION}. Effettuando un ordine o sottoscrivendo un abbonamento accetti integralmente quanto segue.`,
      sections: [
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
            'Tutti i prezzi sono espressi in euro (€) e includono l’IVA ove applicabile. Il prezzo definitivo, inclusi eventuali sconti riservati ai membri, è calcolato al momento del checkout.',
            'I pagamenti sono elaborati in modo sicuro da un fornitore di pagamenti certificato: non conserviamo i dati della tua carta.',
          ],
        },
        {
          heading: '4. Spedizioni',
          paragraphs: [
            'Gli ordini vengono elaborati in 1-2 giorni lavorativi. La consegna richiede 3-5 giorni in Italia e 7-15 giorni per le spedizioni internazionali. La spedizione dei prodotti nel carrello è gratuita.',
          ],
        },
        {
          heading: `5. Abbonamenti ${CLUB_NAME}`,
          list: [
            "L'abbonamento dura il numero di mesi indicato nel piano scelto e dà diritto allo sconto e ai contenuti riservati al livello corrispondente.",
            'Gli abbonamenti si rinnovano automaticamente alla scadenza per la stessa durata, al prezzo in vigore, salvo disdetta.',
            'Puoi disdire in qualsiasi momento dal tuo profilo, nella sezione Abbonamenti: la disdetta blocca il rinnovo successivo e i vantaggi restano attivi fino alla fine del periodo già pagato.',
          ],
        },
        {
          heading: '6. Prodotti digitali',
          paragraphs: [
            'I prodotti digitali sono resi disponibili dopo la conferma del pagamento e sono concessi in licenza per uso personale. Non è consentito rivenderli o distribuirli.',
          ],
        },
        {
          heading: '7. Resi e garanzia',
          paragraphs: [
            'Hai 30 giorni per restituire i prodotti fisici; tutti i dettagli sono nella Politica di Reso. I prodotti fisici sono coperti da una garanzia limitata di 2 anni contro i difetti di fabbricazione.',
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
            `Il titolare del trattamento è ${SHOP_NAME}, con sede a ${BUSINESS_LOCATION}, Italia. Puoi contattarci all'indirizzo ${supportEmail}.`,
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
          heading: 'Diritto di reso entro 30 giorni',
          paragraphs: [
            'Puoi restituire i prodotti fisici entro 30 giorni dalla consegna, senza dover indicare il motivo. I prodotti devono essere integri, non utilizzati in modo improprio e, ove possibile, nella confezione originale.',
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
            "Un ordine può essere annullato solo mentre il suo stato è 'In elaborazione'. Una volta 'Spedito', non è più possibile annullarlo, ma puoi sempre restituire i prodotti entro 30 giorni dalla consegna. Per annullare un ordine contatta il supporto.",
          ],
        },
        {
          heading: 'Prodotti digitali',
          paragraphs: [
            'I contenuti digitali resi disponibili subito dopo il pagamento non sono rimborsabili una volta scaricati, salvo difetti o quanto previsto dalla legge.',
          ],
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
            { q: 'Quanto costa la spedizione?', a: 'La spedizione dei prodotti nel carrello è sempre gratuita.' },
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
              a: 'Sì, alla scadenza si rinnova per la stessa durata. Puoi disdirlo in qualsiasi momento dal tuo profilo.',
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
            `La nostra sede è a ${BUSINESS_LOCATION}, nel Sud Italia.`,
          ],
        },
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
