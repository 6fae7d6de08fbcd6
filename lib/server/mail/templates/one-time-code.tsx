import type { z } from 'zod';
import type { ZMailData } from '../mail-data';
import { Code, MailLayout, Paragraph, type TMailContext, type TRenderedTemplate } from './mail-layout';

type TOneTimeCode = z.output<(typeof ZMailData)['one-time-code']>;

/**
 * A code that proves the recipient reads this mailbox. The code stays out of
 * the subject and the preview line, which lock screens and notifications show.
 */
export function oneTimeCodeMail(data: TOneTimeCode, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const body = t('oneTimeCode.body', { documentName: data.documentName });
  return {
    subject: { key: 'oneTimeCode.subject', values: { documentName: data.documentName } },
    element: (
      <MailLayout
        context={context}
        preview={t('oneTimeCode.heading')}
        heading={t('oneTimeCode.heading')}
        footer={[t('automated')]}
      >
        <Paragraph>{body}</Paragraph>
        <Code code={data.code} />
        <Paragraph>{t('oneTimeCode.validity', { minutesValid: data.minutesValid })}</Paragraph>
        <Paragraph>{t('oneTimeCode.ignore')}</Paragraph>
      </MailLayout>
    ),
  };
}
