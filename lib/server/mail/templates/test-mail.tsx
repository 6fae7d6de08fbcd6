import type { z } from 'zod';
import type { ZMailData } from '../mail-data';
import { Action, MailLayout, Paragraph, type TMailContext, type TRenderedTemplate } from './mail-layout';

type TTestMail = z.output<(typeof ZMailData)['test-mail']>;

/** An administrator's check that mail leaves this instance as recipients will get it (same frame, headers and signing). */
export function testMail(data: TTestMail, context: TMailContext): TRenderedTemplate {
  const { t } = context;
  const body = t('testMail.body', { requestedBy: data.requestedBy });
  return {
    subject: { key: 'testMail.subject' },
    element: (
      <MailLayout context={context} preview={body} heading={t('testMail.heading')} footer={[t('automated')]}>
        <Paragraph>{body}</Paragraph>
        <Action href={data.openUrl} label={t('testMail.action')} context={context} />
      </MailLayout>
    ),
  };
}
