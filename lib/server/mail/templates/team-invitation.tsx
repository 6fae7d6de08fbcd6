import type { z } from 'zod';
import { clipName } from '@/lib/clip-name';
import type { ZMailData } from '../mail-data';
import { Action, MailLayout, Paragraph, type TMailContext, type TRenderedTemplate } from './mail-layout';

type TTeamInvitation = z.output<(typeof ZMailData)['team-invitation']>;

/**
 * An invitation to join a team, in the inviter's voice (a reply reaches them). The mail cannot name the
 * address it went to, so it says to sign in with "this" address: the invitation is bound to it.
 */
export function teamInvitationMail(data: TTeamInvitation, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const values = { teamName: data.teamName, inviterName: data.inviterName, inviterEmail: data.inviterEmail };
  const body = t(`teamInvitation.body.${data.role}`, values);
  return {
    subject: { key: 'teamInvitation.subject', values },
    element: (
      <MailLayout
        context={context}
        preview={body}
        heading={t('teamInvitation.heading', values)}
        footer={[t('onBehalf', { ownerName: data.inviterName, ownerEmail: data.inviterEmail }), t('automated')]}
      >
        <Paragraph>
          {body} {t(`teamInvitation.role.${data.role}`)}
        </Paragraph>
        {/* A button label stays on one or two lines, whatever the team's name (the body keeps it whole). */}
        <Action
          href={data.acceptUrl}
          label={t('teamInvitation.action', { teamName: clipName(data.teamName) })}
          context={context}
        />
        <Paragraph>{t('teamInvitation.signIn', { expiresAt: data.expiresAt })}</Paragraph>
        <Paragraph>{t('teamInvitation.ignore')}</Paragraph>
      </MailLayout>
    ),
  };
}
