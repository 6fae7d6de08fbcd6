import { Action, Paragraph, type TMailContext } from './mail-layout';

type TDelivery = { attached: boolean; downloadUrl?: string; downloadExpiresAt?: Date };

/** How the sealed PDF comes with a completion mail: attached, or a download link that stops working at a given time. */
export function SealedDelivery({ data, context }: { data: TDelivery; context: TMailContext }) {
  const { t } = context;
  if (data.attached) return <Paragraph>{t('completed.attached')}</Paragraph>;
  if (!data.downloadUrl) return null;
  return (
    <>
      <Paragraph>
        {data.downloadExpiresAt ? t('completed.linkUntil', { expiresAt: data.downloadExpiresAt }) : t('completed.link')}
      </Paragraph>
      <Action href={data.downloadUrl} label={t('completed.download')} context={context} />
    </>
  );
}
