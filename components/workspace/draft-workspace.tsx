'use client';

import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { TTourStep } from '@/components/tour/guided-tour';
import { TourHelp, type TTourHelpText } from '@/components/tour/tour-help';
import { useMediaQuery } from '@/components/viewer/use-media-query';
import {
  LazyDocumentViewer,
  type TPageOverlayInfo,
  type TVisiblePagesChange,
} from '@/components/viewer/lazy-document-viewer';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import type { TFieldType } from '@/lib/api/v1/enums';
import type { THelpVideo } from '@/lib/help/videos';
import { checkBeforeSend } from '@/lib/workspace/send-checks';
import { CorrectionNotice } from './correct-declined';
import { FieldLayer } from './field-layer';
import { FieldsPanel, RecipientLegend } from './fields-panel';
import { MobileSheet } from './mobile-sheet';
import type { TPagePoint } from './page-point';
import { visibleCentre } from './page-point';
import { RecipientsPanel } from './recipients-panel';
import { SaveStatus } from './save-status';
import { SendIssues, useIssueText } from './send-issues';
import { SendingSettings } from './sending-settings';
import { useSend } from './use-send';
import { newKey, useWorkspaceState, WorkspaceContext } from './use-workspace-state';

const PHONE_QUERY = '(max-width: 760px)';
const TABS = ['fields', 'recipients', 'sending'] as const;
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The workspace's Help: its guided tour (started on the owner's first visit) and its walkthrough videos. */
export type TWorkspaceHelp = {
  autoStart: boolean;
  steps: readonly TTourStep[];
  videos: readonly THelpVideo[];
  text: TTourHelpText;
};

/** The draft's workspace: pages with their field layer, and the panels for fields, recipients and sending. */
export function DraftWorkspace({
  details,
  pdfUrl,
  onConflict,
  help,
}: {
  details: TDocumentDetails;
  pdfUrl: string;
  onConflict: (message: string) => void;
  help: TWorkspaceHelp;
}) {
  const t = useTranslations('workspace');
  const workspace = useWorkspaceState(details, onConflict);
  const {
    fields,
    pages,
    dispatchFields,
    selectedKey,
    setSelectedKey,
    focusKey,
    setFocusKey,
    save,
    issues,
    setIssues,
    recipients,
    colorOf,
    recipientOf,
    place,
  } = workspace;
  const [sheet, setSheet] = useState<number | null>(null);
  const closeSheet = useCallback(() => setSheet(null), []);
  const { send, saveDraft, busy, onlyMe } = useSend(workspace, closeSheet);
  const issueText = useIssueText();
  const phone = useMediaQuery(PHONE_QUERY);
  const [currentPage, setCurrentPage] = useState(1);
  const [tab, setTab] = useState(0);

  // Once a send was refused, the list follows the owner's fixes.
  useEffect(() => {
    if (issues.length > 0) setIssues(checkBeforeSend(recipients, fields, pages));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the draft changes
  }, [recipients, fields]);

  // Ctrl+Z / Cmd+Z undoes the last change to the fields, except inside a text box (its own undo).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        !(event.ctrlKey || event.metaKey) ||
        event.shiftKey ||
        event.key.toLowerCase() !== 'z' ||
        isTyping(event.target)
      )
        return;
      event.preventDefault();
      dispatchFields({ type: 'undo' });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatchFields]);

  const errorsOf = useCallback(
    (key: string) => [
      ...(save.errors.fields.get(key) ?? []),
      ...issues.filter((issue) => issue.fieldKey === key).map((issue) => issueText(issue, workspace)),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- workspace is read for names only
    [save.errors.fields, issues, issueText],
  );
  const recipientName = useCallback(
    (key: string) => {
      const recipient = recipientOf(key);
      return recipient ? recipient.name || recipient.email || t('unnamed') : t('unnamed');
    },
    [recipientOf, t],
  );
  const duplicate = useCallback(
    (key: string) => {
      const copy = newKey();
      dispatchFields({ type: 'duplicate', key, newKey: copy });
      setSelectedKey(copy);
      setFocusKey(copy);
    },
    [dispatchFields, setSelectedKey, setFocusKey],
  );
  const onFocused = useCallback(() => setFocusKey(null), [setFocusKey]);
  const onVisible = useCallback((change: TVisiblePagesChange) => setCurrentPage(change.currentVisiblePage), []);

  const placeInView = (type: TFieldType) => {
    const page = Math.min(Math.max(1, currentPage), pages.length);
    const size = pages[page - 1];
    if (!size) return;
    setSheet(null);
    place(type, page, visibleCentre(page, size), true);
  };
  const dropAt = (type: TFieldType, at: TPagePoint) => place(type, at.page, { x: at.x, y: at.y });

  const renderPageOverlay = useCallback(
    (page: TPageOverlayInfo) => (
      <FieldLayer
        page={page}
        fields={fields.filter((field) => field.page === page.pageNumber)}
        selectedKey={selectedKey}
        focusKey={focusKey}
        errorsOf={errorsOf}
        colorOf={colorOf}
        recipientName={recipientName}
        readOnly={false}
        onSelect={setSelectedKey}
        onFocused={onFocused}
        dispatch={dispatchFields}
        onDuplicate={duplicate}
      />
    ),
    [
      fields,
      selectedKey,
      focusKey,
      errorsOf,
      colorOf,
      recipientName,
      setSelectedKey,
      onFocused,
      dispatchFields,
      duplicate,
    ],
  );

  const panels = [
    <FieldsPanel key="fields" onPlace={placeInView} onDrop={dropAt} onDuplicate={duplicate} errorsOf={errorsOf} />,
    <RecipientsPanel key="recipients" />,
    <SendingSettings key="sending" />,
  ];
  const actions = (
    <div className="space-y-3">
      <SendIssues onShowRecipient={() => (phone ? setSheet(1) : setTab(1))} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => void saveDraft()}
          disabled={busy}
          className="flex-1 rounded-lg border border-surface-border bg-surface px-4 py-2.5 font-semibold hover:bg-surface-sunken disabled:opacity-60"
        >
          {t('saveDraft')}
        </button>
        <button
          type="button"
          data-tour="send"
          onClick={() => void send()}
          disabled={busy}
          className="flex-1 rounded-lg bg-primary-700 px-4 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
        >
          {busy ? t('sendingNow') : onlyMe ? t('signNow') : t('send')}
        </button>
      </div>
    </div>
  );

  return (
    <WorkspaceContext.Provider value={workspace}>
      <div className={`grid gap-4 ${phone ? 'pb-20' : 'grid-cols-[minmax(0,1fr)_20rem]'}`}>
        <div className="min-w-0 space-y-2" data-tour="pages">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <RecipientLegend />
            <div className="flex flex-wrap items-center gap-3">
              <SaveStatus state={save.state} onRetry={() => void save.retry()} />
              <TourHelp tourId="workspace" {...help} />
            </div>
          </div>
          <CorrectionNotice details={details} />
          {save.errors.fields.get('') ? (
            <p role="alert" className="text-sm text-danger-700 dark:text-danger-300">
              {save.errors.fields.get('')?.join(' ')}
            </p>
          ) : null}
          <LazyDocumentViewer
            src={pdfUrl}
            name={details.name}
            renderPageOverlay={renderPageOverlay}
            onVisiblePagesChange={onVisible}
            className={phone ? 'h-[calc(100dvh-14rem)] min-h-[20rem]' : undefined}
          />
        </div>
        {phone ? (
          <MobileSheet
            open={sheet}
            onOpen={setSheet}
            labels={[...TABS.map((name) => t(`tabs.${name}`)), t('tabs.send')]}
            tourIds={[...TABS.map((name) => `tab-${name}`), 'tab-send']}
            closeLabel={t('closePanel')}
          >
            {sheet === null ? null : sheet < panels.length ? panels[sheet] : actions}
          </MobileSheet>
        ) : (
          <aside
            aria-label={t('panel')}
            className="h-fit space-y-4 rounded-xl border border-surface-border bg-surface-raised p-4 shadow-sm"
          >
            <TabGroup selectedIndex={tab} onChange={setTab}>
              <TabList className="flex gap-1 rounded-lg bg-surface-sunken p-1">
                {TABS.map((name) => (
                  <Tab
                    key={name}
                    data-tour={`tab-${name}`}
                    className="flex-1 rounded-md px-2 py-1.5 text-sm font-semibold text-ink-muted data-hover:text-ink data-selected:bg-surface-raised data-selected:text-ink data-selected:shadow"
                  >
                    {t(`tabs.${name}`)}
                  </Tab>
                ))}
              </TabList>
              <TabPanels className="mt-4">
                {panels.map((panel, index) => (
                  <TabPanel key={TABS[index]}>{panel}</TabPanel>
                ))}
              </TabPanels>
            </TabGroup>
            {actions}
          </aside>
        )}
      </div>
    </WorkspaceContext.Provider>
  );
}
