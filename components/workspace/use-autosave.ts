'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { ZPutFieldsBody, type TField } from '@/lib/api/v1/fields';
import { ZPutRecipientsBody, type TRecipient } from '@/lib/api/v1/recipients';
import { ApiProblem } from '@/lib/client/v1-api';
import type { TDraftField, TDraftRecipient } from '@/lib/workspace/draft-types';
import { errorsByKey, fieldsBody, recipientsBody } from '@/lib/workspace/save-payloads';
import { settingsBody, type TSendingSettings } from '@/lib/workspace/settings-form';
import { useDocumentRequest } from './document-workspace';

/** How long the owner may pause before what they changed is saved. */
const DEBOUNCE_MS = 500;

export type TSaveState = 'saved' | 'saving' | 'invalid' | 'failed';
export type TDraft = { recipients: TDraftRecipient[]; fields: TDraftField[]; settings: TSendingSettings };
export type TSaveErrors = {
  fields: Map<string, string[]>;
  recipients: Map<string, string[]>;
  settings: Map<string, string[]>;
};

const noErrors = (): TSaveErrors => ({ fields: new Map(), recipients: new Map(), settings: new Map() });
const zodErrors = (issues: { path: PropertyKey[]; message: string }[]) =>
  issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
/** A new recipient row nobody has typed into yet is not part of the list. */
const blank = (recipient: TDraftRecipient, ids: Map<string, string>) =>
  !ids.has(recipient.key) && !recipient.name.trim() && !recipient.email.trim();

type Options = {
  documentId: string;
  draft: TDraft;
  /** Server ids of the fields and recipients loaded with the page, by key (the key is the id for those). */
  initialIds: { fields: string[]; recipients: string[] };
  /** The document left the draft state meanwhile (409). */
  onConflict: (message: string) => void;
};

/**
 * Saves the draft as the owner works: recipients (PUT), then fields (PUT,
 * which need their recipients' ids), then the sending settings (PATCH), one
 * save at a time, each part only when it changed. Whatever the API refuses is
 * kept as errors per field, recipient or setting, and nothing is lost: the
 * draft stays in the browser until a save succeeds.
 */
type TSaved = { recipients: string; fields: string; settings: string };
type TStore = { saved: TSaved; fieldIds: Map<string, string>; recipientIds: Map<string, string> };

/** The parts of a draft as last saved: recipient rows nobody has typed into yet are left out. */
function snapshotOf(draft: TDraft, recipientIds: Map<string, string>): TSaved {
  return {
    recipients: JSON.stringify(draft.recipients.filter((recipient) => !blank(recipient, recipientIds))),
    fields: JSON.stringify(draft.fields),
    settings: JSON.stringify(draft.settings),
  };
}
const differs = (a: TSaved, b: TSaved) =>
  a.recipients !== b.recipients || a.fields !== b.fields || a.settings !== b.settings;

export function useAutosave({ documentId, draft, initialIds, onConflict }: Options) {
  const request = useDocumentRequest();
  const latest = useRef(draft);
  const conflict = useRef(onConflict);
  useEffect(() => {
    latest.current = draft;
    conflict.current = onConflict;
  });
  // The async save loop reads and writes the store; render reads its copy in state.
  const [initial] = useState(() => {
    const recipientIds = new Map(initialIds.recipients.map((id) => [id, id]));
    return {
      saved: snapshotOf(draft, recipientIds),
      recipientIds,
      fieldIds: new Map(initialIds.fields.map((id) => [id, id])),
    };
  });
  const store = useRef<TStore>({
    saved: { ...initial.saved },
    fieldIds: initial.fieldIds,
    recipientIds: initial.recipientIds,
  });
  const [mirror, setMirror] = useState<{ saved: TSaved; recipientIds: Map<string, string> }>(initial);
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const [state, setState] = useState<TSaveState>('saved');
  const [errors, setErrors] = useState<TSaveErrors>(noErrors);

  const saveOnce = useCallback(async (): Promise<TSaveState> => {
    const current = store.current;
    const publish = () => setMirror({ saved: { ...current.saved }, recipientIds: new Map(current.recipientIds) });
    const { recipients, fields, settings } = latest.current;
    const next = noErrors();
    let outcome: TSaveState = 'saved';
    const path = `/documents/${encodeURIComponent(documentId)}`;

    const listed = recipients.filter((recipient) => !blank(recipient, current.recipientIds));
    const recipientsJson = JSON.stringify(listed);
    if (recipientsJson !== current.saved.recipients) {
      const body = recipientsBody(
        listed.map((recipient) => ({ ...recipient, id: current.recipientIds.get(recipient.key) })),
      );
      const parsed = ZPutRecipientsBody.safeParse(body);
      if (!parsed.success) {
        next.recipients = errorsByKey(
          zodErrors(parsed.error.issues),
          listed.map((recipient) => recipient.key),
          'recipients',
        );
        outcome = 'invalid';
      } else {
        const answer = await request<{ recipients: TRecipient[] }>(`${path}/recipients`, {
          method: 'PUT',
          body: parsed.data,
        });
        const byEmail = new Map(answer.recipients.map((recipient) => [recipient.email, recipient.id]));
        current.recipientIds = new Map(
          parsed.data.recipients.flatMap((recipient, index) => {
            const id = byEmail.get(recipient.email);
            const key = listed[index]?.key;
            return id && key ? [[key, id] as const] : [];
          }),
        );
        current.saved.recipients = recipientsJson;
        publish();
      }
    }

    const fieldsJson = JSON.stringify(fields);
    if (fieldsJson !== current.saved.fields) {
      const built = fieldsBody(
        fields,
        (key) => current.fieldIds.get(key),
        (key) => current.recipientIds.get(key),
      );
      const parsed = built && ZPutFieldsBody.safeParse(built.body);
      if (built && parsed && !parsed.success) {
        next.fields = errorsByKey(zodErrors(parsed.error.issues), built.keys, 'fields');
        outcome = 'invalid';
      } else if (built && parsed?.success) {
        try {
          const answer = await request<{ fields: TField[] }>(`${path}/fields`, { method: 'PUT', body: parsed.data });
          current.fieldIds = new Map(
            built.keys.flatMap((key, index) => (answer.fields[index] ? [[key, answer.fields[index].id] as const] : [])),
          );
          current.saved.fields = fieldsJson;
          publish();
        } catch (error) {
          if (!(error instanceof ApiProblem && error.status === 400)) throw error;
          next.fields = errorsByKey(
            error.errors.length ? error.errors : [{ path: 'fields', message: error.message }],
            built.keys,
            'fields',
          );
          outcome = 'invalid';
        }
      } else if (!built) outcome = 'invalid'; // a field waits for its recipient to be complete
    }

    const settingsJson = JSON.stringify(settings);
    if (settingsJson !== current.saved.settings) {
      const body = settingsBody(settings);
      if ('errors' in body) {
        next.settings = new Map(body.errors.map((error) => [error.path, [error.message]]));
        outcome = 'invalid';
      } else {
        await request(path, { method: 'PATCH', body: body.body });
        current.saved.settings = settingsJson;
        publish();
      }
    }
    setErrors(next);
    return outcome;
  }, [documentId, request]);

  const run = useCallback((): Promise<void> => {
    if (running.current) {
      again.current = true;
      return running.current;
    }
    const loop = async () => {
      do {
        again.current = false;
        setState('saving');
        try {
          setState(await saveOnce());
        } catch (error) {
          if (error instanceof ApiProblem && error.status === 409) {
            conflict.current(error.message);
            setState('saved');
            return;
          }
          if (error instanceof ApiProblem && error.status === 400) {
            setErrors({ ...noErrors(), fields: new Map([['', [error.message]]]) });
            setState('invalid');
          } else setState('failed');
        }
      } while (again.current);
    };
    running.current = loop().finally(() => {
      running.current = null;
    });
    return running.current;
  }, [saveOnce]);

  const dirty = differs(snapshotOf(draft, mirror.recipientIds), mirror.saved);

  useEffect(() => {
    if (!dirty) return;
    const timer = window.setTimeout(() => void run(), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, dirty, run]);

  // Closing the tab with a change not yet saved asks first.
  useEffect(() => {
    if (!dirty && state !== 'saving') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, state]);

  /** Saves now and waits; true when everything is stored. */
  const flush = useCallback(async () => {
    await run();
    const current = store.current;
    return !differs(snapshotOf(latest.current, current.recipientIds), current.saved);
  }, [run]);

  /** The server ids of the saved recipients and fields, by draft key (to place a refused send's errors). */
  const savedIds = useCallback(
    () => ({ recipients: new Map(store.current.recipientIds), fields: new Map(store.current.fieldIds) }),
    [],
  );

  return { state: dirty && state === 'saved' ? ('saving' as const) : state, errors, retry: run, flush, savedIds };
}
