'use client';

import { createContext, useCallback, useContext, useEffect, type ReactNode } from 'react';
import { adoptWorkspace, type TCurrentWorkspace } from '@/lib/client/current-workspace';
import { v1Request, type TV1Init } from '@/lib/client/v1-api';

/** The workspace of the document a page is about; undefined elsewhere (calls act in the current workspace). */
const DocumentWorkspace = createContext<string | undefined>(undefined);

/**
 * Around the document page's client parts: each of their calls names the document's workspace
 * (X-Signet-Workspace), so a member acts on a team document from its page whichever workspace is current. A
 * document of another workspace than the current one makes its workspace current (`adopt`), as if switched to.
 */
export function DocumentWorkspaceProvider({
  workspaceId,
  adopt = null,
  children,
}: {
  workspaceId: string;
  adopt?: TCurrentWorkspace | null;
  children: ReactNode;
}) {
  const adoptId = adopt?.id;
  const adoptName = adopt?.name;
  const adoptKind = adopt?.kind;
  useEffect(() => {
    if (adoptId && adoptName !== undefined && adoptKind)
      adoptWorkspace({ id: adoptId, name: adoptName, kind: adoptKind });
  }, [adoptId, adoptName, adoptKind]);
  return <DocumentWorkspace.Provider value={workspaceId}>{children}</DocumentWorkspace.Provider>;
}

/** v1Request in the document's workspace (the provider's), or the current one outside a document page. */
export function useDocumentRequest() {
  const workspace = useContext(DocumentWorkspace);
  return useCallback(
    <T,>(path: string, init: TV1Init = {}): Promise<T> => v1Request<T>(path, { workspace, ...init }),
    [workspace],
  );
}

export type TDocumentRequest = ReturnType<typeof useDocumentRequest>;
