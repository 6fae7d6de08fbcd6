'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toastProblem } from '@/components/dashboard/problem-toast';
import { ModalDialog } from '@/components/ui/modal-dialog';
import type { TWorkspace } from '@/lib/api/v1/workspaces';
import { ApiProblem, v1Request } from '@/lib/client/v1-api';
import { switchWorkspace } from '@/lib/client/current-workspace';
import { withName, type TSwitcherText } from './switcher-text';

/** The API's limit for a team's name (ZCreateTeamBody). */
const MAX_NAME = 100;

/**
 * "Create team": a name, POST /api/v1/teams, then the new team becomes the current workspace and its Settings →
 * Team opens, where its owner invites the others.
 */
export function CreateTeamDialog({ open, onClose, text }: { open: boolean; onClose: () => void; text: TSwitcherText }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string }) => v1Request<TWorkspace>('/teams', { method: 'POST', body }),
  });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (create.isPending) return;
    if (!name.trim()) return setError(text.create.nameRequired);
    setError(null);
    try {
      const team = await create.mutateAsync({ name: name.trim() });
      switchWorkspace(team.id, {
        flash: withName(text.create.created, team.name),
        to: text.paths.teamSettings,
        dashboard: text.paths.dashboard,
      });
    } catch (problem) {
      // A refusal of the name is shown by the field; any other one (the teams one may own, offline) in a toast.
      const field = problem instanceof ApiProblem ? problem.errors.find((item) => item.path === 'name') : undefined;
      if (field) setError(field.message);
      else toastProblem(text.create.failed, problem, text.create.offline);
    }
  };

  const close = (result: string | boolean) => {
    if (result === 'create') return void submit();
    if (create.isPending) return;
    setName('');
    setError(null);
    onClose();
  };

  return (
    <ModalDialog
      open={open}
      title={text.create.title}
      closeLabel={text.create.close}
      onClose={close}
      buttons={[
        { label: text.create.cancel, value: false, tone: 'secondary' },
        { label: create.isPending ? text.create.creating : text.create.submit, value: 'create', tone: 'primary' },
      ]}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-create-team="">
        <p className="text-ink-muted">{text.create.lead}</p>
        <label htmlFor="team-name" className="mt-4 block font-semibold">
          {text.create.name}
        </label>
        <input
          id="team-name"
          value={name}
          maxLength={MAX_NAME}
          autoFocus
          autoComplete="organization"
          placeholder={text.create.placeholder}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'team-name-error' : undefined}
          onChange={(event) => setName(event.target.value)}
          className="mt-1 block w-full rounded-md border border-surface-border bg-surface px-3 py-2.5 text-ink"
        />
        {error ? (
          <p
            id="team-name-error"
            role="alert"
            className="mt-2 text-sm font-medium text-danger-700 dark:text-danger-300"
          >
            {error}
          </p>
        ) : null}
      </form>
    </ModalDialog>
  );
}
