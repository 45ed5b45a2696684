/**
 * The contact form end to end: a visitor writes from the home page's contact section; the toast
 * says it was sent; the support inbox gets the message with Reply-To the visitor and the visitor
 * gets the automatic reply (both read through MailDev's API).
 */
import { expect, test } from '@playwright/test';
import { emailTo, mailInbox } from './support/inbox';

const SUPPORT = 'supporto@aurumfitness.example';

test('a visitor writes to the shop: the support inbox gets it with Reply-To the visitor, the visitor the auto-reply', async ({
  page,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const visitor = `visitatore-${tag}@example.com`;
  await page.goto('/#contact');
  const form = page.getByTestId('contact-form');
  await form.getByLabel(/^Nome/).fill('Luca');
  await form.getByLabel(/^Cognome/).fill('Verdi');
  await form.getByLabel(/^Email/).fill(visitor);
  await form.getByLabel('Argomento').selectOption('prodotti');
  await form.getByLabel('Messaggio').fill(`Il kettlebell da 16 kg è adatto a un principiante? (${tag})`);
  await form.getByRole('button', { name: 'Invia Messaggio' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Messaggio inviato!');
  await expect(toast).toContainText('Ti rispondiamo entro 24 ore lavorative');
  await expect(form.getByLabel('Messaggio')).toHaveValue('');

  await expect
    .poll(async () => (await mailInbox().to(SUPPORT, 'Luca Verdi')).filter((e) => e.text.includes(tag)).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const [toSupport] = (await mailInbox().to(SUPPORT, 'Luca Verdi')).filter((e) => e.text.includes(tag));
  expect(toSupport!.subject).toContain('Informazioni sui prodotti');
  expect(await mailInbox().header(toSupport!.id, 'Reply-To')).toContain(visitor);
  const reply = await emailTo(visitor, 'Abbiamo ricevuto il tuo messaggio', []);
  expect(reply.text).toContain('24 ore lavorative');
});
