/**
 * "The admin asks before it acts" (decision 0048), at a desktop's width, with each screen
 * scanned at a phone's width too:
 * approval, rejection and deletion confirm in a dialog first; a team admin is invited by a
 * mailed link and chooses their own password on /admin/set-password; a flash ad's
 * duration is typed in seconds and its image shows in the form as the banner shows it;
 * the Mail tab says "Written to file" for mail that reached no mail server (these servers
 * have no SMTP_URL); the CSV exports carry South African times and the screens' labels.
 * Each page is scanned with axe; E2E_SHOTS=<folder> keeps screenshots to look at.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { holdFlashAds, scanBothWidths } from '../axe.ts';
import {
  apply,
  karooProvider,
  newApplication,
  newEnquiry,
  newFlashAd,
  sendEnquiry,
  uniqueTag,
} from '../builders.ts';
import {
  deleteFlashAd,
  expect,
  fillFlashAd,
  openAdmin,
  openFlashAdEditor,
  openProvidersSearch,
  pickBannerAd,
  test,
} from '../fixtures.ts';
import { choosePassword } from '../login-cards.ts';
import { confirmAction } from '../support.ts';

const SHOTS = process.env['E2E_SHOTS'];
const PHOTO = 'public/public-objects/sample-provider-4.webp';
/** How the exports write an instant: South African time to the minute, with its offset. */
const SA_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+02:00$/;
const INVALID_INVITATION =
  "This invitation link is invalid, has expired or has been used. Ask for a new link with 'Forgot your password?' on the admin sign-in page.";

const toast = (page: Page) => page.getByTestId('toast');
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** A page of its own (not signed in), a client of its own for the rate limits. */
async function newVisitorPage(browser: Browser, width: number): Promise<Page> {
  const groups = randomBytes(8).toString('hex').match(/.{4}/g) ?? [];
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': `2001:db8:${groups.join(':')}::1` },
  });
  return context.newPage();
}

/**
 * Downloads the tab's CSV and answers its record (keyed by the header row) whose `column`
 * holds `value`.
 */
async function downloadedRecord(
  page: Page,
  column: string,
  value: string,
): Promise<Record<string, string> | undefined> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  const records = parse<Record<string, string>>(text, { bom: true, columns: true });
  return records.find((record) => record[column] === value);
}

/** The width the admin works at; screenshots to E2E_SHOTS carry it in their names. */
const width = 1280;

test.describe('at a desktop width', () => {
  test.use({ viewport: { width, height: 900 } });
  // Several screens and axe scans a test, two tests side by side on a small machine.
  test.slow();

  test('approving, rejecting and deleting ask first, in a dialog that Escape and Cancel leave unchanged', async ({
    page,
    request,
    signedInAdmin,
  }) => {
    const tag = uniqueTag();
    const toApprove = newApplication({ businessName: `${tag} Umhlanga Alarms` });
    const toReject = newApplication({ businessName: `${tag} Ballito Cameras` });
    await apply(request, toApprove);
    await apply(request, toReject);
    const found: string[] = [];

    await openAdmin(page, signedInAdmin, 'Applications');
    await page.getByRole('button', { name: `View ${toApprove.businessName}` }).click();
    const detail = page.getByRole('dialog', { name: toApprove.businessName });
    const approve = detail.getByRole('button', { name: 'Approve' });
    await approve.click();
    const title = `Approve the application of ${toApprove.businessName}?`;
    const question = page.getByRole('alertdialog', { name: title });
    await expect(question).toContainText(
      `${toApprove.businessName} is listed on the site as a provider, and ${toApprove.email} is e-mailed a link to choose a password for the provider dashboard.`,
    );
    // Focus starts on the choice that changes nothing.
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    found.push(...(await scanBothWidths(page, '/admin, approve confirmation')));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/confirm-approve-${width}.png` });

    // Escape cancels: the application's dialog stays, focus goes back to Approve.
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(detail).toBeVisible();
    await expect(approve).toBeFocused();
    await expect(detail.getByText('pending', { exact: true })).toBeVisible();

    await approve.click();
    await confirmAction(page, title, 'Approve');
    await expect(toast(page)).toContainText('Application Approved');
    await expect(row(page, toApprove.businessName)).toContainText('approved');

    // Reject: Cancel changes nothing; the action rejects.
    await page.getByRole('button', { name: `View ${toReject.businessName}` }).click();
    const rejecting = page.getByRole('dialog', { name: toReject.businessName });
    await rejecting.getByLabel('Admin notes').fill('No proof of public liability insurance.');
    await rejecting.getByRole('button', { name: 'Reject' }).click();
    const rejectTitle = `Reject the application of ${toReject.businessName}?`;
    const rejectQuestion = page.getByRole('alertdialog', { name: rejectTitle });
    await expect(rejectQuestion).toContainText(
      `${toReject.contactName} is e-mailed at ${toReject.email} that the application is not approved, with your admin notes.`,
    );
    await rejectQuestion.getByRole('button', { name: 'Cancel' }).click();
    await expect(rejectQuestion).toBeHidden();
    await expect(rejecting.getByText('pending', { exact: true })).toBeVisible();
    await rejecting.getByRole('button', { name: 'Reject' }).click();
    await confirmAction(page, rejectTitle, 'Reject');
    await expect(toast(page)).toContainText('Application Updated');
    await expect(row(page, toReject.businessName)).toContainText('rejected');

    // The provider the approval made: unlisting and deleting ask too.
    const name = toApprove.businessName;
    await openProvidersSearch(page, signedInAdmin, name);
    await page.getByRole('button', { name: `Unapprove ${name}` }).click();
    const unlist = page.getByRole('alertdialog', { name: `Remove the approval of ${name}?` });
    await expect(unlist).toContainText(`${name} is taken off the public list`);
    await unlist.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, name)).toContainText('Approved');
    await expect(row(page, name)).not.toContainText('Not approved');

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const deleting = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    await expect(deleting).toContainText('Are you sure you want to delete this provider?');
    found.push(...(await scanBothWidths(page, '/admin, delete confirmation')));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/confirm-delete-${width}.png` });
    await confirmAction(page, `Delete ${name}?`, 'Delete');
    await expect(toast(page)).toContainText('Provider Deleted');
    await expect(row(page, name)).toHaveCount(0);
    expect(found).toEqual([]);
  });

  test('a team admin is invited by mail and chooses their own password', async ({
    page,
    browser,
    mailbox,
    signedInAdmin,
  }) => {
    const tag = uniqueTag();
    const invited = {
      firstName: 'Zanele',
      lastName: `Ndlovu${tag}`,
      email: `invited.${tag.toLowerCase()}@example.co.za`,
      password: `my-own-password-${tag}`,
    };
    const found: string[] = [];
    await openAdmin(page, signedInAdmin, 'Team');
    const form = page.getByRole('form', { name: 'Add Administrator' });
    // Nobody types a password for someone else.
    await expect(form.getByLabel(/password/i)).toHaveCount(0);
    await form.getByLabel('First name').fill(invited.firstName);
    await form.getByLabel('Last name').fill(invited.lastName);
    await form.getByLabel('Email').fill(invited.email);
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page)).toContainText('Invitation Sent');
    const invitedRow = row(page, invited.email);
    await expect(invitedRow).toContainText('Invited');
    await expect(invitedRow).toContainText('Never');
    found.push(...(await scanBothWidths(page, '/admin, Team tab with an invited admin')));
    if (SHOTS) {
      await invitedRow.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/team-invited-${width}.png` });
    }

    const mail = await mailbox.mailTo(invited.email, '/admin/set-password');
    expect(mail.subject).toBe('You are invited to the Verified Providers admin team');
    expect(mail.text).toContain(
      `${signedInAdmin.firstName} ${signedInAdmin.lastName} added you to the Verified Providers admin team.`,
    );
    // A lost invitation is sent again; only the newest link works.
    await invitedRow.getByRole('button', { name: `Resend Invitation to ${invited.email}` }).click();
    await expect(toast(page)).toContainText('Invitation Sent Again');
    await expect.poll(async () => (await mailbox.mailsTo(invited.email)).length).toBe(2);
    const link = await mailbox.linkTo(invited.email, '/admin/set-password');

    const invitee = await newVisitorPage(browser, width);
    await invitee.goto(`${link.pathname}${link.search}`);
    await expect(
      invitee.getByRole('heading', { level: 1, name: 'Choose Your Password' }),
    ).toBeVisible();
    await expect(invitee.getByText('Welcome to the Verified Providers admin team.')).toBeVisible();
    found.push(...(await scanBothWidths(invitee, '/admin/set-password')));
    if (SHOTS) await invitee.screenshot({ path: `${SHOTS}/admin-set-password-${width}.png` });
    await choosePassword(invitee, 'Set Password', invited.password);
    await expect(invitee.getByTestId('toast')).toContainText('Password Set');
    await expect(
      invitee.getByText('Your password is set. You can now sign in to the admin dashboard.'),
    ).toBeVisible();
    await invitee.getByRole('link', { name: 'Go to Admin Login' }).click();
    await expect(invitee.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await invitee.getByLabel('Email').fill(invited.email);
    await invitee.getByLabel('Password').fill(invited.password);
    await invitee.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      invitee.getByText(`Welcome, ${invited.firstName} ${invited.lastName}`),
    ).toBeVisible();

    await page.reload();
    await page.getByRole('tab', { name: 'Team' }).click();
    await expect(invitedRow).toContainText('Active');

    // The link works once: a second use says what to do instead.
    const again = await newVisitorPage(browser, width);
    await again.goto(`${link.pathname}${link.search}`);
    await choosePassword(again, 'Set Password', 'someone-elses-password');
    await expect(again.getByTestId('toast')).toContainText('Password Not Set');
    await expect(again.getByTestId('password-link-error')).toHaveText(INVALID_INVITATION);
    found.push(...(await scanBothWidths(again, '/admin/set-password, a used link')));
    await invitee.context().close();
    await again.context().close();

    // Deactivating signs the colleague out at once: asked first.
    await invitedRow.getByRole('button', { name: `Deactivate ${invited.email}` }).click();
    const question = page.getByRole('alertdialog', {
      name: `Deactivate ${invited.firstName} ${invited.lastName}?`,
    });
    await expect(question).toContainText('is signed out at once and can no longer sign in');
    found.push(...(await scanBothWidths(page, '/admin, Team tab asking to deactivate')));
    await confirmAction(page, `Deactivate ${invited.firstName} ${invited.lastName}?`, 'Deactivate');
    await expect(toast(page)).toContainText('Administrator Deactivated');
    await expect(invitedRow).toContainText('Deactivated');
    expect(found).toEqual([]);
  });

  test('a flash ad’s duration is typed in seconds, and its image shows as the banner will show it', async ({
    page,
    request,
    signedInAdmin,
  }) => {
    const ad = newFlashAd('Winter Alarm Check', 'A free test of every sensor');
    const editor = await openFlashAdEditor(page, signedInAdmin);
    const duration = editor.getByLabel('Display duration (seconds)');
    await expect(duration).toHaveValue('3');
    await fillFlashAd(editor, ad);
    await duration.fill('0.5');
    await editor.getByRole('button', { name: 'Create Flash Ad' }).click();
    await expect(editor.getByText('Display duration must be at least 1 second')).toBeVisible();
    await duration.fill('4.5');
    await editor.getByLabel('Image (optional)').setInputFiles(PHOTO);
    await expect(toast(page)).toContainText('Image Uploaded');
    // No square thumbnail of the file: the image shows in the banner's frame only.
    await expect(editor.getByRole('img', { name: 'Preview of the chosen image' })).toHaveCount(0);
    const previewImage = editor.getByTestId('flash-ad-preview').getByTestId('flash-ad-image');
    await expect
      .poll(() => previewImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const preview = await previewImage.boundingBox();
    expect(preview).not.toBeNull();
    // The banner's 3:2 crop.
    expect(preview!.width / preview!.height).toBeCloseTo(1.5, 1);
    const found = await scanBothWidths(page, '/admin, flash ad form with an image');
    if (SHOTS) await editor.screenshot({ path: `${SHOTS}/flash-ad-form-${width}.png` });

    await editor.getByRole('button', { name: 'Create Flash Ad' }).click();
    await expect(toast(page)).toContainText('Flash Ad Created');
    const item = page.getByRole('listitem', { name: ad.title });
    await expect(item).toContainText('4.5 s on screen');
    const ads = (await (await request.get('/api/flash-ads')).json()) as {
      title: string;
      displayDuration: number;
    }[];
    // The API keeps the spec's milliseconds.
    expect(ads.find((a) => a.title === ad.title)?.displayDuration).toBe(4500);
    await page.getByRole('button', { name: `Edit ${ad.title}` }).click();
    await expect(
      page.getByRole('form', { name: 'Edit Flash Ad' }).getByLabel('Display duration (seconds)'),
    ).toHaveValue('4.5');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The home page's banner shows the image in a box of the preview's size.
    await holdFlashAds(page);
    await page.goto('/');
    await pickBannerAd(page, ad.title);
    const bannerImage = page.getByTestId('flash-ad').getByTestId('flash-ad-image');
    await expect(page.getByTestId('flash-ad')).toContainText(ad.title);
    const banner = await bannerImage.boundingBox();
    expect(banner).not.toBeNull();
    expect(Math.abs(banner!.width - preview!.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(banner!.height - preview!.height)).toBeLessThanOrEqual(1);

    await openAdmin(page, signedInAdmin, 'Flash Ads');
    await deleteFlashAd(page, ad.title);
    expect(found).toEqual([]);
  });

  test('the Mail tab says "Written to file" for mail no mail server got', async ({
    page,
    request,
    mailbox,
    signedInAdmin,
  }) => {
    const application = newApplication();
    await apply(request, application);
    await expect.poll(async () => (await mailbox.mailsTo(application.email)).length).toBe(1);
    await openAdmin(page, signedInAdmin, 'Mail');
    const mailRow = row(page, application.email);
    await expect(mailRow.getByText('Written to file', { exact: true })).toBeVisible();
    await expect(mailRow).not.toContainText('Sent');
    await expect(
      page.getByRole('note').filter({ hasText: 'No mail server is configured (SMTP_URL)' }),
    ).toContainText("so mail is written to files in the server's outbox folder");
    await expect(page.getByLabel('Status').locator('option[value="sent"]')).toHaveText(
      /^Sent or written to file \(\d+\)$/,
    );
    const found = await scanBothWidths(page, '/admin, Mail tab');
    if (SHOTS) {
      await page.getByRole('note').filter({ hasText: 'SMTP_URL' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/mail-tab-${width}.png` });
      await mailRow.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/mail-row-${width}.png` });
    }
    expect(found).toEqual([]);
  });

  test('the CSV exports carry South African times and the labels the screens show', async ({
    page,
    request,
    accounts,
    signedInAdmin,
  }) => {
    const provider = await accounts.newProvider(karooProvider(uniqueTag()));
    const enquiry = newEnquiry(provider.id, {
      serviceType: 'cctv',
      budget: '10000-25000',
      urgency: 'high',
      location: 'Bloemfontein',
    });
    await sendEnquiry(request, enquiry);

    await openProvidersSearch(page, signedInAdmin, provider.name);
    const found = await scanBothWidths(page, '/admin, Providers tab');
    const providerRecord = await downloadedRecord(page, 'Business name', provider.name);
    expect(providerRecord).toMatchObject({
      Province: 'Free State',
      Services: 'CCTV Installations & Repairs; Network Infrastructure',
      Approved: 'Yes',
    });
    expect(providerRecord?.['Created']).toMatch(SA_TIME);

    await page.getByRole('tab', { name: 'Enquiries' }).click();
    const enquiryRecord = await downloadedRecord(page, 'Customer', enquiry.customerName);
    expect(enquiryRecord).toMatchObject({
      Service: 'CCTV Installations & Repairs',
      Budget: 'R10,000 - R25,000',
      Urgency: 'High (within 3 days)',
      Status: 'new',
      Provider: provider.name,
    });
    expect(enquiryRecord?.['Received']).toMatch(SA_TIME);
    expect(found).toEqual([]);
  });
});
