import type { z } from 'zod';
import type { ZMailData } from '../mail-data';
import { MailLayout, Paragraph, type TMailContext, type TRenderedTemplate } from './mail-layout';
import { SealedDelivery } from './sealed-delivery';

type TCompleted = z.output<(typeof ZMailData)['completed']>;

/** To each recipient (cc included) once the document is sealed: their copy, attached or by a link that expires. */
export function completedMail(data: TCompleted, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const body = t('completed.body', { documentName: data.documentName, ownerName: data.ownerName });
  return {
    subject: { key: 'completed.subject', values: { documentName: data.documentName } },
    element: (
      <MailLayout context={context} preview={body} heading={t('completed.heading')} footer={[t('automated')]}>
        <Paragraph>{body}</Paragraph>
        <SealedDelivery data={data} context={context} />
        <Paragraph>{t('completed.keep')}</Paragraph>
      </MailLayout>
    ),
  };
}
