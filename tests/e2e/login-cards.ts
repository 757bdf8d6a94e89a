/**
 * The login cards of the admin's page and the provider's dashboard, and the forms that
 * choose a password, as a person types into them. Only the tests of signing in use
 * these; the others sign in by minting a session (fixtures.ts).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Where each login card is, its heading and its button. */
const LOGIN_CARDS = {
  admin: { path: '/admin', heading: 'Admin Login', button: 'Sign In' },
  provider: { path: '/dashboard', heading: 'Provider Login', button: 'Login to Dashboard' },
} as const;

type CardOwner = keyof typeof LOGIN_CARDS;

/** Opens the login card and signs in with the address and password typed in. */
export async function logIn(
  page: Page,
  owner: CardOwner,
  { email, password }: { email: string; password: string },
): Promise<void> {
  const card = LOGIN_CARDS[owner];
  await page.goto(card.path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: card.button }).click();
}

/** Logs out with the page's Logout button: the toast says so and the login card shows. */
export async function logOut(page: Page, owner: CardOwner): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByTestId('toast')).toContainText('Logged Out');
  await expect(page.getByRole('heading', { name: LOGIN_CARDS[owner].heading })).toBeVisible();
}

/**
 * Types a new password and its confirmation into a form that chooses one (set or reset
 * from a mailed link) and sends it with the form's button.
 */
export async function choosePassword(
  page: Page,
  button: 'Set Password' | 'Reset Password',
  password: string,
  confirmation = password,
): Promise<void> {
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(confirmation);
  await page.getByRole('button', { name: button }).click();
}
