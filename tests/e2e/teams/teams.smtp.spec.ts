import type { Page } from '@playwright/test';
import type { TSmtpSink } from '@/tests/fixtures/smtp-sink';
import { submitProviderForm, throwawayEmail } from '../auth/helpers';
import {
  listAll,
  sendForSignature,
  signInToDashboard,
  toasts,
  uploadDocuments,
  xsrfHeaders,
} from '../dashboard/helpers';
import { axeBuilder, expect, setScheme, shoot, storeScheme, test, waitForHydration } from '../fixtures';

const switcher = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Workspace: / });
const workspaceMenu = (page: Page) => page.locator('[data-workspace-menu]');

/** Nothing on the page is wider than the viewport (polled: a font or the list may still be settling). */
async function expectFits(page: Page, what: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: what })
    .toBeLessThanOrEqual(0);
}

/** The path of the newest invitation link mailed to `email`, as the SMTP sink received and parsed it. */
async function invitationPath(smtpSink: TSmtpSink, email: string): Promise<string> {
  const invites = (mail: TSmtpSink['mails'][number]) =>
    mail.envelope.to.includes(email) && /\/invite\//.test(mail.parsed.text ?? '');
  await smtpSink.waitFor(invites);
  // After a resend, the newest mail carries the link that works.
  const text = smtpSink.mails.filter(invites).at(-1)?.parsed.text ?? '';
  const url = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/.exec(text)?.[0];
  expect(url, `an invitation link in ${text}`).toBeTruthy();
  return new URL(url ?? '').pathname;
}

/**
 * The whole of a team, through the UI and the SMTP sink (E2E_SMTP=1): the owner creates it from the header's switcher and invites a colleague
 * from Settings → Team; the colleague opens the mailed link signed out, signs in, accepts, sees the team
 * read-only, and sends a document in it; the owner, back in their personal workspace, opens the team
 * document's link (which makes the team current) and finds it on the team's dashboard with who sent it; the
 * owner removes the colleague, whose open page's next action is refused with a toast. The switcher and
 * Settings → Team are checked at 390 and 1280 px in both schemes, axe on Settings → Team and the invitation.
 */
test('a team: created from the switcher, an invitation mailed and accepted, a document sent in it, a member removed', async ({
  page,
  browser,
  makeAxeBuilder,
  smtpSink,
}) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const teamName = `Acme Sales ${stamp}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToDashboard(page, 'team-owner');
  await waitForHydration(page);

  // The switcher names the personal workspace; its menu lists it as the current one, then creates a team.
  await expect(switcher(page)).toHaveAccessibleName('Workspace: Personal');
  await switcher(page).click();
  const personalItem = workspaceMenu(page).getByRole('menuitem', { name: /^Personal/ });
  await expect(personalItem).toHaveAttribute('aria-current', 'true');
  await workspaceMenu(page).getByRole('menuitem', { name: 'Create team' }).click();
  const create = page.getByRole('dialog', { name: 'Create a team' });
  await create.getByRole('button', { name: 'Create team' }).click();
  await expect(create.getByRole('alert')).toHaveText('Enter a name for the team.');
  await create.getByLabel('Team name').fill(teamName);
  await create.getByLabel('Team name').press('Enter');

  // The new team is current, and its Settings → Team opens for inviting.
  await expect(page).toHaveURL(/\/settings#team$/);
  await expect(toasts(page)).toContainText(`Team ${teamName} created`);
  await expect(switcher(page)).toHaveAccessibleName(`Workspace: ${teamName}`);
  const team = page.locator('#team');
  await expect(team.getByRole('heading', { level: 2 })).toContainText(teamName);
  await expect(team.locator('[data-member]')).toHaveCount(1);
  await expect(team.locator('[data-member] [data-member-role]')).toHaveValue('owner');
  // The last owner cannot step down: the API's reason, in a toast.
  await team.locator('[data-member] [data-member-role]').selectOption('member');
  await expect(toasts(page)).toContainText('A team needs at least one owner');
  await expect(team.locator('[data-member] [data-member-role]')).toHaveValue('owner');

  const colleagueEmail = throwawayEmail('team-colleague');
  await team.getByLabel('Email address').fill(colleagueEmail);
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toasts(page)).toContainText(`Invitation sent to ${colleagueEmail}.`);
  const pending = team.locator(`[data-invitation="${colleagueEmail}"]`);
  await expect(pending).toContainText('Member');
  await expect(pending).toContainText('Invited by');
  await pending.getByRole('button', { name: `Resend the invitation to ${colleagueEmail}` }).click();
  await expect(toasts(page)).toContainText(`Invitation sent again to ${colleagueEmail}.`);
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

  // Settings → Team and the open switcher fit at 390 and 1280 px, light and dark.
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    await waitForHydration(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(switcher(page)).toBeVisible();
      await expect(team.locator('[data-member]')).toHaveCount(1);
      await expect(team.locator('[data-invitation]')).toHaveCount(1);
      await expectFits(page, `settings at ${width} px, ${scheme}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `teams-settings-${width}-${scheme}`, { fullPage: true });
      await switcher(page).click();
      await expect(workspaceMenu(page).getByRole('menuitem', { name: new RegExp(`^${teamName}`) })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expectFits(page, `the switcher's menu at ${width} px, ${scheme}`);
      await shoot(page, `teams-switcher-${width}-${scheme}`);
      await page.keyboard.press('Escape');
      await expect(workspaceMenu(page)).toBeHidden();
    }
  }
  await storeScheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The colleague opens the mailed link signed out: sign-in first, then back on the invitation.
  const invitePath = await invitationPath(smtpSink, colleagueEmail);
  // Another signed-in address is told whose invitation it is; a cut or unknown link reads as not valid.
  await page.goto(invitePath);
  await expect(page.locator('[data-invitation-state="other-address"]')).toContainText(
    `It was sent to ${colleagueEmail}`,
  );
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.goto(invitePath.slice(0, -1));
  await expect(page.locator('[data-invitation-state="not-found"] h1')).toHaveText('This invitation link is not valid');
  const colleagueContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const colleague = await colleagueContext.newPage();
  await colleague.goto(invitePath);
  await submitProviderForm(colleague, colleagueEmail);
  await expect(colleague).toHaveURL(new RegExp(`${invitePath}$`));
  const invitation = colleague.locator('[data-invitation-state="pending"]');
  await expect(invitation.getByRole('heading', { level: 1 })).toHaveText(`Join ${teamName}`);
  await expect(invitation).toContainText(`invited you to the team ${teamName} on Signet, as Member.`);
  await expect(invitation).toContainText(`This invitation is for ${colleagueEmail}.`);
  await expectFits(colleague, 'the invitation at 390 px');
  expect((await axeBuilder(colleague).analyze()).violations).toEqual([]);
  await shoot(colleague, 'teams-invitation-390-light');
  // A name the owner will see; the guided tours would cover the pages.
  const headers = await xsrfHeaders(colleague);
  expect(
    (await colleague.request.patch('/api/me', { headers, data: { name: 'Bo Colleague', locale: 'en' } })).ok(),
  ).toBe(true);
  expect(
    (
      await colleague.request.patch('/api/me/preferences', {
        headers,
        data: { toursDone: { dashboard: true, workspace: true } },
      })
    ).ok(),
  ).toBe(true);
  await waitForHydration(colleague);
  await invitation.getByRole('button', { name: 'Accept and join' }).click();
  await expect(colleague).toHaveURL(/\/dashboard$/);
  await expect(toasts(colleague)).toContainText(`Welcome to ${teamName}`);
  await expect(switcher(colleague)).toHaveAccessibleName(`Workspace: ${teamName}`);
  await expect(colleague.getByRole('main')).toContainText(`Documents of ${teamName}`);
  await expectFits(colleague, 'the team dashboard at 390 px');
  await colleague.goto(invitePath);
  await expect(colleague.locator('[data-invitation-state="accepted"] h1')).toHaveText('This invitation has been used');

  // The plan shown is the team's; a member sees the team read-only: no invitations, no role or remove
  // controls, no API keys; may leave.
  await colleague.goto('/account');
  await expect(colleague.getByRole('main')).toContainText(`Free, the plan of the team ${teamName}`);
  await colleague.goto('/settings');
  const memberView = colleague.locator('#team');
  await expect(memberView.locator('[data-member]')).toHaveCount(2);
  await expect(memberView.locator('select')).toHaveCount(0);
  await expect(memberView.locator('[data-team-invite]')).toHaveCount(0);
  await expect(memberView.getByRole('button', { name: 'Leave team' })).toBeVisible();
  await expect(memberView.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(colleague.locator('[data-api-keys-admins-only]')).toContainText(
    `The API keys of ${teamName} are managed by its owners and admins.`,
  );
  await expectFits(colleague, 'Settings → Team of a member at 390 px');

  // The colleague uploads (the UI's upload route, in the current workspace) and sends in the team.
  const documentName = `Team contract ${stamp}.pdf`;
  await uploadDocuments(colleague, [documentName]);
  const sent = (await listAll(colleague)).find((item) => item.name === documentName);
  expect(sent, 'the upload landed in the team').toBeTruthy();
  expect(sent?.owner).toEqual({ name: 'Bo Colleague', email: colleagueEmail });
  await sendForSignature(colleague, sent?.id ?? '', { name: 'Dana Signer', email: `dana-${stamp}@example.com` });
  const documentPath = new URL(sent?.url ?? '').pathname;
  await colleague.setViewportSize({ width: 1280, height: 900 });
  await colleague.goto(documentPath);
  const resend = colleague.getByRole('button', { name: 'Resend' });
  await expect(resend).toBeVisible({ timeout: 30_000 });

  // The owner, back in the personal workspace, opens the team document's link: it opens, and the team is current.
  await page.goto('/dashboard');
  await waitForHydration(page);
  await switcher(page).click();
  await workspaceMenu(page)
    .getByRole('menuitem', { name: /^Personal/ })
    .click();
  await expect(switcher(page)).toHaveAccessibleName('Workspace: Personal');
  await expect(toasts(page)).toContainText('You are now working in Personal.');
  await expect(page.locator(`[data-document="${sent?.id}"]`)).toHaveCount(0);
  await page.goto(documentPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(documentName);
  await expect(switcher(page)).toHaveAccessibleName(`Workspace: ${teamName}`);
  await page.goto('/dashboard');
  await expect(switcher(page)).toHaveAccessibleName(`Workspace: ${teamName}`);
  const row = page.locator(`[data-document="${sent?.id}"]`);
  await expect(row.locator(`[data-sent-by="${colleagueEmail}"]`)).toHaveText('Sent by Bo Colleague');
  await shoot(page, 'teams-dashboard-1280-light');

  // The owner removes the colleague, after a confirmation.
  await page.goto('/settings#team');
  await waitForHydration(page);
  const ownerView = page.locator('#team');
  await ownerView.getByRole('button', { name: 'Remove Bo Colleague from the team' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Bo Colleague from the team?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toasts(page)).toContainText('Bo Colleague was removed from the team.');
  await expect(ownerView.locator('[data-member]')).toHaveCount(1);

  // The colleague's page, still open on the team document: its next action is refused, with the API's reason.
  await resend.click();
  await expect(toasts(colleague)).toContainText(
    'That did not work: There is no such workspace, or you are not a member of it.',
  );
  await expect(colleague.getByRole('heading', { level: 1 })).toHaveText(documentName);
  await colleagueContext.close();

  // Deleting the team waits until nothing is out for signature: the owner is told why, and the team stays.
  await ownerView.getByRole('button', { name: 'Delete team…' }).click();
  await page
    .getByRole('alertdialog', { name: `Delete ${teamName}?` })
    .getByRole('button', { name: 'Delete team' })
    .click();
  await expect(toasts(page)).toContainText('out for signature; cancel them first');
  await expect(switcher(page)).toHaveAccessibleName(`Workspace: ${teamName}`);
});
