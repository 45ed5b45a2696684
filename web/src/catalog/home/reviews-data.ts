/** A customer review shown on the home page (static, fixed in the client). */
export interface Review {
  id: number;
  name: string;
  role: string;
  rating: number;
  text: string;
}

/** The six home-page reviews (fixed in the client, not fetched). */
export const REVIEWS: readonly Review[] = [
  {
    id: 1,
    name: 'Marco Rinaldi',
    role: 'Personal Trainer, Milano',
    rating: 5,
    text: 'Uso i manubri regolabili Aurum con tutti i miei clienti: solidi, precisi e bellissimi da vedere. La qualità si sente a ogni ripetizione.',
  },
  {
    id: 2,
    name: 'Giulia Esposito',
    role: 'Atleta di CrossFit, Napoli',
    rating: 5,
    text: 'La kettlebell da competizione è perfetta: impugnatura impeccabile e bilanciamento ottimo. Spedizione velocissima, arrivata in due giorni.',
  },
  {
    id: 3,
    name: 'Alessandro Conti',
    role: 'Imprenditore, Torino',
    rating: 5,
    text: "Ho trasformato una stanza di casa in una palestra grazie ai bundle Aurum. Il workout planner mi ha aiutato a restare costante anche con l'agenda piena.",
  },
  {
    id: 4,
    name: 'Francesca Moretti',
    role: 'Nutrizionista, Bologna',
    rating: 5,
    text: 'Consiglio i meal plan estivi ai miei pazienti: ricette semplici, equilibrate e gustose. Un prodotto digitale curato nei minimi dettagli.',
  },
  {
    id: 5,
    name: 'Luca Ferraro',
    role: 'Powerlifter, Bari',
    rating: 5,
    text: "Dischi e bilanciere di livello professionale. Con l'Aurum Club ho avuto accesso anticipato alle novità e uno sconto che fa davvero la differenza.",
  },
  {
    id: 6,
    name: 'Chiara Romano',
    role: 'Istruttrice di Pilates, Firenze',
    rating: 5,
    text: 'Assistenza clienti gentile e rapidissima: mi hanno risposto in poche ore e aiutato a scegliere l’attrezzatura giusta per le mie lezioni.',
  },
];
