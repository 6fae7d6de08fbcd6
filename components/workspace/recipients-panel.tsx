'use client';

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { MAX_RECIPIENTS } from '@/lib/api/v1/enums';
import { apiFetch } from '@/lib/http/api-fetch';
import { fullName } from '@/lib/users/full-name';
import type { TDraftRecipient } from '@/lib/workspace/draft-types';
import { RecipientRow } from './recipient-row';
import { useIssueText } from './send-issues';
import { useWorkspace, newKey } from './use-workspace-state';

type TMe = { email: string; name: string | null; givenName: string | null; familyName: string | null };

/** The signed-in user (GET /api/me), for "Add myself" and "Only me". */
export function useMe() {
  return useQuery({
    queryKey: ['me'],
    queryFn: async () => {
      const response = await apiFetch('/api/me');
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as TMe;
    },
    staleTime: Infinity,
  });
}

const meAsRecipient = (me: TMe, key = newKey()): TDraftRecipient => ({
  key,
  // Named on the certificate and to anyone the document reaches: the full name, not the greeting's given name.
  name: fullName(me) ?? me.email,
  email: me.email,
  role: 'signer',
  auth: 'none',
});

const BUTTON =
  'rounded-lg border border-surface-border bg-surface px-3 py-2 text-sm font-semibold hover:bg-surface-sunken disabled:opacity-60';

/**
 * Who receives the document, in signing order: reorder by dragging the grip
 * (mouse, touch, or keyboard: Space, arrows, Space) or with the up/down buttons.
 */
export function RecipientsPanel() {
  const t = useTranslations('workspace');
  const workspace = useWorkspace();
  const {
    recipients,
    fields,
    dispatchRecipients,
    dispatchFields,
    removeRecipient,
    colorOf,
    save,
    issues,
    setActiveRecipient,
  } = workspace;
  const text = useIssueText();
  const { open } = useDialog();
  const me = useMe().data;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const meListed = me
    ? recipients.find((recipient) => recipient.email.trim().toLowerCase() === me.email.toLowerCase())
    : undefined;
  const full = recipients.length >= MAX_RECIPIENTS;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = recipients.findIndex((recipient) => recipient.key === active.id);
    const to = recipients.findIndex((recipient) => recipient.key === over.id);
    dispatchRecipients({ type: 'move', from, to });
  };
  const add = (recipient: TDraftRecipient) => {
    dispatchRecipients({ type: 'add', recipient });
    setActiveRecipient(recipient.key);
    requestAnimationFrame(() => document.getElementById(`recipient-${recipient.key}-name`)?.focus());
  };
  const onlyMe = () => {
    if (!me) return;
    const mine = meListed ?? meAsRecipient(me);
    dispatchFields({ type: 'reassignAll', recipientKey: mine.key });
    for (const recipient of recipients)
      if (recipient.key !== mine.key) dispatchFields({ type: 'dropRecipient', recipientKey: recipient.key });
    dispatchRecipients({ type: 'replaceAll', recipient: { ...mine, role: 'signer' } });
    setActiveRecipient(mine.key);
  };
  // Their fields go with them: say how many and ask first (a recipient without fields goes at once).
  const remove = async (recipient: TDraftRecipient) => {
    const count = fields.filter((field) => field.recipientKey === recipient.key).length;
    if (count > 0) {
      const name = recipient.name || recipient.email || t('unnamed');
      const choice = await open({
        title: t('removeDialog.title', { name }),
        body: <p>{t('removeDialog.message', { name, count })}</p>,
        tone: 'danger',
        buttons: [
          // The safe answer has the focus, so a stray Enter removes nothing.
          { label: t('removeDialog.keep'), value: false, tone: 'secondary', autoFocus: true },
          { label: t('removeDialog.confirm', { count }), value: 'remove', tone: 'danger' },
        ],
      });
      if (choice !== 'remove') return;
    }
    removeRecipient(recipient.key);
  };
  // In the words of the list above the buttons, with the values its messages need (a recipient's {name}).
  const issueText = (key: string) =>
    issues.filter((issue) => issue.recipientKey === key && !issue.fieldKey).map((issue) => text(issue, workspace));

  return (
    <section aria-labelledby="recipients-title" data-tour="recipients" className="space-y-3">
      <h2 id="recipients-title" data-panel-heading="" className="font-semibold">
        {t('recipients')}
      </h2>
      {recipients.length === 0 ? <p className="text-sm text-ink-muted">{t('noRecipients')}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('dragInstructions') },
          announcements: {
            onDragStart: () => t('dragStarted'),
            onDragOver: ({ over }) =>
              over
                ? t('dragOver', { position: recipients.findIndex((recipient) => recipient.key === over.id) + 1 })
                : undefined,
            onDragEnd: ({ over }) =>
              over
                ? t('dragEnded', { position: recipients.findIndex((recipient) => recipient.key === over.id) + 1 })
                : undefined,
            onDragCancel: () => t('dragCancelled'),
          },
        }}
      >
        <SortableContext items={recipients.map((recipient) => recipient.key)} strategy={verticalListSortingStrategy}>
          <ol className="space-y-2">
            {recipients.map((recipient, index) => (
              <RecipientRow
                key={recipient.key}
                recipient={recipient}
                index={index}
                count={recipients.length}
                color={colorOf(recipient.key)}
                errors={[...(save.errors.recipients.get(recipient.key) ?? []), ...issueText(recipient.key)]}
                onChange={(patch) => dispatchRecipients({ type: 'update', key: recipient.key, patch })}
                onMove={(to) => dispatchRecipients({ type: 'move', from: index, to })}
                onRemove={() => void remove(recipient)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={full}
          onClick={() => add({ key: newKey(), name: '', email: '', role: 'signer', auth: 'none' })}
          className={BUTTON}
        >
          {t('addRecipient')}
        </button>
        <button
          type="button"
          disabled={!me || Boolean(meListed) || full}
          onClick={() => me && add(meAsRecipient(me))}
          className={BUTTON}
        >
          {t('addMyself')}
        </button>
        <button type="button" disabled={!me} onClick={onlyMe} className={BUTTON} aria-describedby="only-me-hint">
          {t('onlyMe')}
        </button>
      </div>
      <p id="only-me-hint" className="text-xs text-ink-muted">
        {t('onlyMeHint')}
      </p>
    </section>
  );
}
