/** The owner's notice that sales brought a product's stock to or below the low-stock threshold. */
import { formatItalianDay } from '../../../shared/calendar';
import { EMAIL_LINKS } from '../links';
import { EmailLayout, P, Title, type EmailContext } from './layout';
import { GoldButton } from './parts';

export interface LowStockData {
  product_id: string;
  name: string;
  /** Units in stock after the sale. */
  quantity: number;
  /** The threshold: at or below it the stock is low. */
  threshold: number;
  /** The order that brought it there (the 8 characters customers see). */
  order_short_id: string;
  /** ISO: when. */
  at: string;
}

export const ownerLowStock = {
  subject: (d: LowStockData) =>
    d.quantity <= 0 ? `Esaurito: ${d.name}` : `Scorta bassa: ${d.name} (${d.quantity} disponibili)`,
  Body: ({ data: d, context }: { data: LowStockData; context: EmailContext }) => (
    <EmailLayout
      context={context}
      preview={d.quantity <= 0 ? `${d.name} è esaurito.` : `${d.name}: ${d.quantity} disponibili.`}
    >
      <Title>{d.quantity <= 0 ? 'Prodotto esaurito' : 'Scorta bassa'}</Title>
      <P>
        {`Con l'ordine #${d.order_short_id} del ${formatItalianDay(d.at)} le scorte di ${d.name} sono scese a ${Math.max(0, d.quantity)} unità (soglia: ${d.threshold}).`}
      </P>
      <P>
        {d.quantity <= 0
          ? 'Il prodotto non si può più acquistare finché non lo riassorti.'
          : 'Riassortiscilo prima che si esaurisca. Non riceverai altri avvisi per questo prodotto finché le scorte non tornano sopra la soglia.'}
      </P>
      <GoldButton href={EMAIL_LINKS.adminInventory(context.origin)}>Apri gli avvisi scorte</GoldButton>
    </EmailLayout>
  ),
};
