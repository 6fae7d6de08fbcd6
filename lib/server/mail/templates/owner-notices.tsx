import type { z } from 'zod';
import type { ZMailData } from '../mail-data';
import { Action, MailLayout, Paragraph, Quote, type TMailContext, type TRenderedTemplate } from './mail-layout';
import { SealedDelivery } from './sealed-delivery';

type TDeclined = z.output<(typeof ZMailData)['declined-to-owner']>;
type TCompleted = z.output<(typeof ZMailData)['completed-to-owner']>;

/** To the owner when a recipient declines, with their reason and a way back to the document. */
export function declinedToOwnerMail(data: TDeclined, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const values = {
    recipientName: data.recipientName,
    recipientEmail: data.recipientEmail,
    documentName: data.documentName,
  };
  const body = t('declinedToOwner.body', values);
  return {
    subject: { key: 'declinedToOwner.subject', values },
    element: (
      <MailLayout
        context={context}
        preview={body}
        heading={t('declinedToOwner.heading')}
        footer={[t('toOwner'), t('automated')]}
      >
        <Paragraph>{body}</Paragraph>
        <Quote label={t('declinedToOwner.reason')} text={data.reason} />
        <Action href={data.documentUrl} label={t('declinedToOwner.action')} context={context} />
      </MailLayout>
    ),
  };
}

/** To the owner when everyone has completed: the sealed PDF is ready in the workspace. */
export function completedToOwnerMail(data: TCompleted, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const body = t('completedToOwner.body', { documentName: data.documentName });
  return {
    subject: { key: 'completedToOwner.subject', values: { documentName: data.documentName } },
    element: (
      <MailLayout
        context={context}
        preview={body}
        heading={t('completedToOwner.heading')}
        footer={[t('toOwner'), t('automated')]}
      >
        <Paragraph>{body}</Paragraph>
        <SealedDelivery data={data} context={context} />
        <Action href={data.documentUrl} label={t('completedToOwner.action')} context={context} />
      </MailLayout>
    ),
  };
}
