/**
 * An operator you can reach: a visitor writes through the form on /contact, reads the
 * reference, and the outbox holds the message to the operator (the company's e-mail; the
 * admins here, where the test build configures no company) and the sender's copy with
 * that reference. Wrong fields are told under each field before anything is sent.
 */
import { scan } from '../axe.ts';
import { uniqueTag } from '../builders.ts';
import { expect, test } from '../fixtures.ts';
import { E2E_ADMIN } from '../servers.ts';

const SHOTS = process.env['E2E_SHOTS'];

test('a message written on /contact reaches the outbox, and the sender reads its reference', async ({
  page,
  mailbox,
}) => {
  // Three axe scans and the screenshots: more than the default half minute here.
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const email = `naledi.${tag.toLowerCase()}@example.com`;
  const text = `Hello ${tag}, a provider has not answered my request since Monday.`;
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Write to us' });
  await form.scrollIntoViewIfNeeded();
  const violations = await scan(page, '/contact, the contact form');

  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByLabel('Your name')).toHaveAccessibleDescription('Please enter your name');
  await expect(form.getByLabel('Your e-mail address')).toHaveAccessibleDescription(
    'Please enter a valid email address',
  );
  await expect(form.getByLabel('What is it about?')).toHaveAccessibleDescription(
    'Please choose what your message is about',
  );
  await expect(form.getByLabel('Your message')).toHaveAccessibleDescription(
    'Please write at least 10 characters',
  );
  violations.push(...(await scan(page, '/contact, the contact form with its errors')));

  await form.getByLabel('Your name').fill(`Naledi ${tag}`);
  await form.getByLabel('Your e-mail address').fill(email);
  await form.getByLabel('What is it about?').selectOption({ label: 'A service request I sent' });
  await form.getByLabel('Your message').fill(text);
  if (SHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/contact-form-${width}.png`, fullPage: true });
    }
  }
  await form.getByRole('button', { name: 'Send message' }).click();

  const sent = page.getByRole('status').filter({ hasText: 'Message sent' });
  await expect(sent).toBeVisible();
  const reference = (await sent.getByTestId('contact-reference').textContent()) ?? '';
  expect(reference).toMatch(/^MSG-\d{2}-\d{6}$/);
  await expect(sent).toContainText(
    `We have your message. Your reference is ${reference}, and a copy is on its way to ${email}.`,
  );
  violations.push(...(await scan(page, '/contact, message sent')));
  expect(violations).toEqual([]);
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 900 });
    await sent.screenshot({ path: `${SHOTS}/contact-sent-390.png` });
  }

  const copy = await mailbox.mailTo(email, reference);
  expect(copy.subject).toBe(`We received your message ${reference}`);
  expect(copy.text).toContain(text);
  const toOperator = await mailbox.mailTo(E2E_ADMIN.email, text);
  expect(toOperator.subject).toBe(`${reference}: A service request I sent, from Naledi ${tag}`);
  expect(toOperator.text).toContain(`Naledi ${tag} <${email}>`);
});

test('a message written and sent before the form has hydrated is sent, not lost', async ({
  page,
}) => {
  // A slow phone: the form's code arrives only after the visitor has written and tapped
  // Send, and the browser is never idle.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  let codeArrives = () => {};
  const tapped = new Promise<void>((resolve) => (codeArrives = resolve));
  let heldBack = 0;
  await page.route('**/_astro/ContactForm.*.js', async (route) => {
    heldBack++;
    await tapped;
    await route.continue();
  });
  const tag = uniqueTag();
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Write to us' });
  await form.getByLabel('Your name').fill(`Sipho ${tag}`);
  await form.getByLabel('Your e-mail address').fill(`sipho.${tag.toLowerCase()}@example.com`);
  await form.getByLabel('What is it about?').selectOption({ label: 'A service request I sent' });
  await form.getByLabel('Your message').fill(`Hello ${tag}, my installer has not come back.`);
  await form.getByRole('button', { name: 'Send message' }).click();
  codeArrives();
  expect(heldBack).toBe(1);

  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
});
