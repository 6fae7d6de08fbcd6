'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import { documentDetailsKey } from '@/lib/client/use-document-details';
import { DraftWorkspace, type TWorkspaceHelp } from './draft-workspace';
import { SentWorkspace } from './sent-workspace';
import { useDocumentRequest } from './document-workspace';

/** While the document is out for signature, its recipients' progress is fetched again this often… */
const PROGRESS_POLL_MS = 15_000;
/** …and more often in the first minute after sending, while the first invitations go out (the job runner marks them sent). */
const JUST_SENT_POLL_MS = 3_000;

function pollInterval(data: TDocumentDetails | undefined): number | false {
  // A retried seal (sealing_failed) is watched too, so the page turns completed by itself.
  if (data?.status === 'sealing_failed') return PROGRESS_POLL_MS;
  if (data?.status !== 'pending') return false;
  return data.sentAt && Date.now() - Date.parse(data.sentAt) < 60_000 ? JUST_SENT_POLL_MS : PROGRESS_POLL_MS;
}

/**
 * /document/{doctoken}: the draft editor, or (once sent, or when a save found
 * it sent meanwhile: 409) the read-only view with each recipient's progress.
 */
export function Workspace({
  initial,
  pdfUrl,
  help,
}: {
  initial: TDocumentDetails;
  pdfUrl: string;
  help: TWorkspaceHelp;
}) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const request = useDocumentRequest();
  const [conflict, setConflict] = useState<string | null>(null);
  const { data } = useQuery({
    queryKey: documentDetailsKey(initial.id),
    queryFn: () => request<TDocumentDetails>(`/documents/${encodeURIComponent(initial.id)}`),
    initialData: initial,
    refetchInterval: (query) => pollInterval(query.state.data),
  });
  // The page's heading and details are server-rendered with the status the page was opened with: when the
  // document's status changes while it is open (signed, sealed, cancelled here or elsewhere), or the wait for the owner's review
  // of an eID name ends, they are rendered again.
  useEffect(() => {
    if (data.status !== initial.status || data.reviewNeeded !== initial.reviewNeeded) router.refresh();
  }, [data.status, initial.status, data.reviewNeeded, initial.reviewNeeded, router]);
  const onConflict = useCallback(
    (message: string) => {
      setConflict(message);
      void queryClient.invalidateQueries({ queryKey: documentDetailsKey(initial.id) });
      router.refresh();
    },
    [queryClient, initial.id, router],
  );
  return (
    <div data-wide-page="">
      {data.status === 'draft' && !conflict ? (
        <DraftWorkspace details={data} pdfUrl={pdfUrl} onConflict={onConflict} help={help} />
      ) : (
        <SentWorkspace details={data} pdfUrl={pdfUrl} notice={conflict} />
      )}
    </div>
  );
}
