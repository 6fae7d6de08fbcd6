import 'server-only';
import { AppError } from '@/lib/errors';
import { logger } from '@/lib/server/logger';
import { loadBrand } from '@/lib/server/branding/load-brand';
import { sendTemplateMail } from '@/lib/server/mail/send-template-mail';
import { mailLocale, ownerPerson } from '@/lib/server/signing/notices/mail-recipient';
import type { User } from '@/lib/generated/prisma/sqlite/client';
import type { TMemberRole } from '@/lib/api/v1/workspaces';

export type TTeamInvitationMail = {
  workspaceId: string;
  email: string;
  role: TMemberRole;
  teamName: string;
  url: string;
  expiresAt: Date;
  inviter: Pick<User, 'name' | 'givenName' | 'familyName' | 'email' | 'locale'>;
};

/**
 * Mails the invitation link at once, in the inviter's language (the invited person has none yet), replies going
 * to the inviter. Sent in the request rather than queued, so the link's secret is never stored and the admin learns
 * at once that it did not go: SERVICE_UNAVAILABLE, and the caller undoes the invitation.
 */
export async function mailTeamInvitation(mail: TTeamInvitationMail): Promise<void> {
  const inviter = ownerPerson(mail.inviter);
  try {
    await sendTemplateMail(
      'team-invitation',
      mailLocale({ locale: null }, mail.inviter),
      {
        teamName: mail.teamName,
        inviterName: inviter.name,
        inviterEmail: inviter.address,
        role: mail.role,
        acceptUrl: mail.url,
        expiresAt: mail.expiresAt,
      },
      { to: mail.email, replyTo: inviter, brand: await loadBrand(mail.workspaceId) },
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.warn('team invitation mail not sent', { error });
    throw new AppError('SERVICE_UNAVAILABLE', 'The invitation mail could not be sent; try again in a moment.');
  }
}
