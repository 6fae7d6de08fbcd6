'use client';

import { createContext, useCallback, useContext, useMemo, useReducer, useState } from 'react';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import type { TFieldType } from '@/lib/api/v1/enums';
import type { TDraftField, TDraftRecipient } from '@/lib/workspace/draft-types';
import { fieldsReducer, initialFieldsState } from '@/lib/workspace/fields-reducer';
import { recipientColor } from '@/lib/workspace/recipient-colors';
import { recipientsReducer } from '@/lib/workspace/recipients-reducer';
import type { TSendIssue } from '@/lib/workspace/send-checks';
import { settingsFromDetails, type TSendingSettings } from '@/lib/workspace/settings-form';
import { useAutosave } from './use-autosave';

export const newKey = () => `new-${crypto.randomUUID()}`;

function draftFields(details: TDocumentDetails): TDraftField[] {
  return details.fields.flatMap(({ id, recipientId, value: _value, ...rest }) =>
    recipientId ? [{ ...rest, key: id, recipientKey: recipientId }] : [],
  );
}

function draftRecipients(details: TDocumentDetails): TDraftRecipient[] {
  return details.recipients.map(({ id, name, email, role, auth }) => ({ key: id, id, name, email, role, auth }));
}

/**
 * Everything the draft workspace edits, in one place: the field layer (with
 * undo), the recipients in signing order, the sending settings, the selected
 * field and whom new fields are for, and the autosave of all of it.
 */
export function useWorkspaceState(details: TDocumentDetails, onConflict: (message: string) => void) {
  const pages = details.pages;
  const [fieldsState, dispatchFields] = useReducer(fieldsReducer, initialFieldsState, () =>
    fieldsReducer(initialFieldsState, { type: 'load', pages, fields: draftFields(details) }),
  );
  const [recipients, dispatchRecipients] = useReducer(recipientsReducer, details, draftRecipients);
  const [settings, setSettings] = useState<TSendingSettings>(() => settingsFromDetails(details));
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [chosenRecipient, setActiveRecipient] = useState<string | null>(null);
  const [issues, setIssues] = useState<TSendIssue[]>([]);
  // Bumped by a refused send: the list takes the focus once it is on screen (a rAF could run before React commits it).
  const [issuesFocus, setIssuesFocus] = useState(0);
  const showIssues = useCallback((list: TSendIssue[]) => {
    setIssues(list);
    setIssuesFocus((count) => count + 1);
  }, []);
  const [initialIds] = useState(() => ({
    fields: details.fields.map((field) => field.id),
    recipients: details.recipients.map((recipient) => recipient.id),
  }));

  const draft = useMemo(
    () => ({ recipients, fields: fieldsState.fields, settings }),
    [recipients, fieldsState.fields, settings],
  );
  const save = useAutosave({ documentId: details.id, draft, initialIds, onConflict });

  const activeRecipient = recipients.some((recipient) => recipient.key === chosenRecipient)
    ? chosenRecipient
    : (recipients[0]?.key ?? null);
  const colorOf = useCallback(
    (key: string) =>
      recipientColor(
        Math.max(
          0,
          recipients.findIndex((recipient) => recipient.key === key),
        ),
      ),
    [recipients],
  );
  const recipientOf = useCallback((key: string) => recipients.find((recipient) => recipient.key === key), [recipients]);

  const place = useCallback(
    (type: TFieldType, page: number, at: { x: number; y: number }, avoidOverlap = false) => {
      if (!activeRecipient) return null;
      const key = newKey();
      dispatchFields({ type: 'place', key, fieldType: type, recipientKey: activeRecipient, page, at, avoidOverlap });
      setSelectedKey(key);
      setFocusKey(key);
      return key;
    },
    [activeRecipient],
  );

  const removeRecipient = useCallback((key: string) => {
    dispatchFields({ type: 'dropRecipient', recipientKey: key });
    dispatchRecipients({ type: 'remove', key });
  }, []);

  return {
    details,
    pages,
    fields: fieldsState.fields,
    canUndo: fieldsState.past.length > 0,
    dispatchFields,
    recipients,
    dispatchRecipients,
    removeRecipient,
    settings,
    setSettings,
    selectedKey,
    setSelectedKey,
    focusKey,
    setFocusKey,
    activeRecipient,
    setActiveRecipient,
    issues,
    setIssues,
    issuesFocus,
    showIssues,
    colorOf,
    recipientOf,
    place,
    save,
  };
}

export type TWorkspace = ReturnType<typeof useWorkspaceState>;

export const WorkspaceContext = createContext<TWorkspace | null>(null);

export function useWorkspace(): TWorkspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace() needs the draft workspace above it');
  return workspace;
}
