import type { z } from 'zod';
import type { ZMailData } from '../mail-data';
import { Action, MailLayout, Paragraph, Quote, type TMailContext, type TRenderedTemplate } from './mail-layout';

type TInvitation = z.output<(typeof ZMailData)['invitation']>;

/** The invitation and the reminder: one private link to the recipient's signing page, with the owner as the sender's voice. */
export function invitationMail(
  kind: 'invitation' | 'reminder',
  data: TInvitation,
  context: TMailContext,
): TRenderedTemplate {
  const { t } = context;
  const values = { ownerName: data.ownerName, documentName: data.documentName, recipientName: data.recipientName };
  const subject = { key: `${kind}.subject.${data.role}`, values };
  const body = t(`${kind}.body.${data.role}`, values);
  return {
    subject,
    element: (
      <MailLayout
        context={context}
        preview={body}
        heading={t(subject.key, values)}
        footer={[t('onBehalf', { ownerName: data.ownerName, ownerEmail: data.ownerEmail }), t('automated')]}
      >
        <Paragraph>{t(`${kind}.greeting`, values)}</Paragraph>
        <Paragraph>{body}</Paragraph>
        {data.message && <Quote label={t('messageFrom', { ownerName: data.ownerName })} text={data.message} />}
        {data.expiresAt && <Paragraph>{t('deadline', { expiresAt: data.expiresAt })}</Paragraph>}
        <Action href={data.signUrl} label={t(`invitation.action.${data.role}`)} context={context} />
        <Paragraph>{t('invitation.private')}</Paragraph>
      </MailLayout>
    ),
  };
}
