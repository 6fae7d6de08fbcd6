import type { z } from 'zod';
import type { ZMailData } from '../mail-data';
import { MailLayout, Paragraph, Quote, type TMailContext, type TRenderedTemplate } from './mail-layout';

type TCancelled = z.output<(typeof ZMailData)['cancelled']>;
type TExpired = z.output<(typeof ZMailData)['expired']>;
type TSignedConfirmation = z.output<(typeof ZMailData)['signed-confirmation']>;

/** To everyone invited when the owner cancels: their link is dead and nothing more is asked of them. */
export function cancelledMail(data: TCancelled, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const body = t('cancelled.body', { ownerName: data.ownerName, documentName: data.documentName });
  return {
    subject: { key: 'cancelled.subject', values: { documentName: data.documentName } },
    element: (
      <MailLayout context={context} preview={body} heading={t('cancelled.heading')} footer={[t('automated')]}>
        <Paragraph>{body}</Paragraph>
        {data.reason && <Quote label={t('cancelled.reason')} text={data.reason} />}
      </MailLayout>
    ),
  };
}

/** To everyone invited when the deadline passed before everyone signed: their link is dead too. */
export function expiredMail(data: TExpired, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const body = t('expired.body', { ownerName: data.ownerName, documentName: data.documentName });
  return {
    subject: { key: 'expired.subject', values: { documentName: data.documentName } },
    element: (
      <MailLayout context={context} preview={body} heading={t('expired.heading')} footer={[t('automated')]}>
        <Paragraph>{body}</Paragraph>
      </MailLayout>
    ),
  };
}

/** To a recipient right after they signed: a receipt until the sealed document follows. */
export function signedConfirmationMail(data: TSignedConfirmation, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const body = t('signedConfirmation.body', { ownerName: data.ownerName, documentName: data.documentName });
  return {
    subject: { key: 'signedConfirmation.subject', values: { documentName: data.documentName } },
    element: (
      <MailLayout context={context} preview={body} heading={t('signedConfirmation.heading')} footer={[t('automated')]}>
        <Paragraph>{body}</Paragraph>
        <Paragraph>{t('signedConfirmation.next')}</Paragraph>
      </MailLayout>
    ),
  };
}
