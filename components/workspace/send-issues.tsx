'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { MAX_FIELDS, MAX_RECIPIENTS } from '@/lib/api/v1/enums';
import type { TSendIssue } from '@/lib/workspace/send-checks';
import { useWorkspace, type TWorkspace } from './use-workspace-state';

/** One issue in words: the recipient it concerns by name, the schema's own message as detail. */
export function useIssueText() {
  const t = useTranslations('workspace.issues');
  const unnamed = useTranslations('workspace')('unnamed');
  return (issue: TSendIssue, workspace: Pick<TWorkspace, 'recipientOf'>) => {
    const recipient = issue.recipientKey ? workspace.recipientOf(issue.recipientKey) : undefined;
    const name = recipient ? recipient.name || recipient.email || unnamed : '';
    return t(issue.code, { name, detail: issue.detail ?? '', maxRecipients: MAX_RECIPIENTS, maxFields: MAX_FIELDS });
  };
}

/**
 * What stops sending, listed once above the buttons (focused when a send is
 * refused); each item leads to the field or recipient it is about.
 */
export function SendIssues({ onShowRecipient }: { onShowRecipient: () => void }) {
  const t = useTranslations('workspace');
  const workspace = useWorkspace();
  const text = useIssueText();
  const box = useRef<HTMLDivElement>(null);
  const { issuesFocus } = workspace;
  // After a refused send, once the list is committed (not on every recount while the owner fixes things).
  useEffect(() => {
    if (issuesFocus > 0) box.current?.focus();
  }, [issuesFocus]);
  if (workspace.issues.length === 0) return null;
  const show = (issue: TSendIssue) => {
    if (issue.fieldKey) {
      workspace.setSelectedKey(issue.fieldKey);
      workspace.setFocusKey(issue.fieldKey);
    } else if (issue.recipientKey) {
      onShowRecipient();
      requestAnimationFrame(() => document.getElementById(`recipient-${issue.recipientKey}-email`)?.focus());
    }
  };
  return (
    <div
      ref={box}
      id="send-issues"
      tabIndex={-1}
      role="alert"
      className="rounded-lg border border-danger-700 bg-danger-50 p-3 text-sm text-danger-900 outline-none dark:border-danger-300 dark:bg-danger-950 dark:text-danger-100"
    >
      <p className="font-semibold">{t('issuesTitle')}</p>
      {/* A drawn bullet rather than the list marker: the marker sits on the baseline of a wrapped button's last line, this one on the first. */}
      <ul className="mt-1 space-y-1">
        {workspace.issues.map((issue, index) => (
          <li key={`${issue.code}-${issue.fieldKey ?? issue.recipientKey ?? index}`} className="flex items-start gap-2">
            <span aria-hidden="true" className="shrink-0 select-none">
              •
            </span>
            {issue.fieldKey || issue.recipientKey ? (
              <button type="button" onClick={() => show(issue)} className="text-left underline">
                {text(issue, workspace)}
              </button>
            ) : (
              text(issue, workspace)
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
