/**
 * The contact form end to end: a visitor writes from the home page's contact section; the toast
 * says it was sent; the support inbox gets the message with Reply-To the visitor and the visitor
 * gets the automatic reply (both read through MailDev's API). The message then shows in the back
 * office's 'Messaggi' as 'Nuovo' and the collaborator marks it answered.
 */
import { expect, test } from '@playwright/test';
import { emailTo, mailInbox } from './support/inbox';
import { signInAs } from './support/sign-in';
import { scrollToLiveSection } from './support/served-sections';

const SUPPORT = 'supporto@aurumfitness.example';

test('a visitor writes to the shop: the support inbox gets it with Reply-To the visitor, the visitor the auto-reply', async ({
  page,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const visitor = `visitatore-${tag}@example.com`;
  await page.goto('/#contact');
  // the served form is replaced by the SPA's as its code loads: type into the SPA's
  await scrollToLiveSection(page, 'contact');
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

test("a message sent from the home page appears in the back office's Messaggi and is marked answered", async ({
  page,
}, testInfo) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const visitor = `cliente-${tag}@example.com`;
  await page.goto('/#contact');
  // the served form is replaced by the SPA's as its code loads: type into the SPA's
  await scrollToLiveSection(page, 'contact');
  const form = page.getByTestId('contact-form');
  await form.getByLabel(/^Nome/).fill('Sara');
  await form.getByLabel(/^Cognome/).fill('Neri');
  await form.getByLabel(/^Email/).fill(visitor);
  await form.getByLabel('Argomento').selectOption('ordini');
  await form.getByLabel('Messaggio').fill(`Posso cambiare l'indirizzo di consegna? (${tag})`);
  await form.getByRole('button', { name: 'Invia Messaggio' }).click();
  await expect(page.getByTestId('toast')).toContainText('Messaggio inviato!');

  await signInAs(page, 'collaborator');
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { name: 'Messaggi', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: visitor });
  await expect(row.getByTestId('message-state')).toHaveText('Nuovo');
  await expect(row).toContainText('Supporto ordini');
  for (const viewport of [
    { name: 'desktop', width: 1366, height: 900 },
    { name: 'mobile', width: 390, height: 844 },
  ]) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(viewport);
    await expect(row).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`messages-dark-${viewport.name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  await row.getByRole('button', { name: /^Apri/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('message-text')).toHaveText(`Posso cambiare l'indirizzo di consegna? (${tag})`);
  await page.screenshot({ path: testInfo.outputPath('messages-dialog-dark-desktop.png') });
  await dialog.getByRole('button', { name: 'Segna come risposto' }).click();
  await expect(page.getByTestId('toast')).toContainText('Messaggio segnato come risposto.');
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('message-state')).toHaveText('Risposto');

  // the collaborator sees the suppression list but may not lift an address
  await page.getByRole('tab', { name: 'Email bloccate' }).click();
  await expect(
    page.getByRole('table', { name: 'Email bloccate' }).or(page.getByText('Nessuna email bloccata.')),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rimuovi blocco' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('suppressions-dark-desktop.png'), fullPage: true });
});
