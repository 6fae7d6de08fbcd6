import type { z } from 'zod';
import type { ZMailData } from '../mail-data';
import { Action, MailLayout, Paragraph, type TMailContext, type TRenderedTemplate } from './mail-layout';

type TSignedToOwner = z.output<(typeof ZMailData)['signed-to-owner']>;
type TDeclined = z.output<(typeof ZMailData)['declined']>;

/** To the owner each time a recipient finishes: who, and how many are still to sign (none: it goes to sealing). */
export function signedToOwnerMail(data: TSignedToOwner, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const values = {
    recipientName: data.recipientName,
    recipientEmail: data.recipientEmail,
    documentName: data.documentName,
  };
  const body = t('signingApi.signedToOwner.body', values);
  return {
    subject: { key: 'signingApi.signedToOwner.subject', values },
    element: (
      <MailLayout
        context={context}
        preview={body}
        heading={t('signingApi.signedToOwner.heading')}
        footer={[t('toOwner'), t('automated')]}
      >
        <Paragraph>{body}</Paragraph>
        <Paragraph>
          {data.remaining === 0
            ? t('signingApi.signedToOwner.everyone')
            : t('signingApi.signedToOwner.remaining', { remaining: data.remaining })}
        </Paragraph>
        <Action href={data.documentUrl} label={t('signingApi.signedToOwner.action')} context={context} />
      </MailLayout>
    ),
  };
}

/** To every recipient who had received a link when another declined: the document will not be signed; their link is dead. */
export function declinedMail(data: TDeclined, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const values = { declinedBy: data.declinedBy, ownerName: data.ownerName, documentName: data.documentName };
  const body = t('signingApi.declined.body', values);
  return {
    subject: { key: 'signingApi.declined.subject', values },
    element: (
      <MailLayout context={context} preview={body} heading={t('signingApi.declined.heading')} footer={[t('automated')]}>
        <Paragraph>{body}</Paragraph>
        <Paragraph>{t('signingApi.declined.next', values)}</Paragraph>
      </MailLayout>
    ),
  };
}
