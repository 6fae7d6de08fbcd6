'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { toastProblem } from '@/components/dashboard/problem-toast';
import { contrastWithWhite, MIN_BRAND_CONTRAST, type TBranding } from '@/lib/api/v1/branding';
import { ApiProblem, v1Request } from '@/lib/client/v1-api';

const HEX = /^#[0-9a-fA-F]{6}$/;
const INPUT = 'mt-1 block w-full rounded-md border border-surface-border bg-surface px-3 py-2.5 text-ink';

/** The logo goes up as multipart, field "file". */
const uploadLogo = (teamId: string, file: File): Promise<TBranding> => {
  const form = new FormData();
  form.append('file', file, file.name);
  return v1Request<TBranding>(`/teams/${encodeURIComponent(teamId)}/branding/logo`, { method: 'PUT', form });
};

/**
 * Settings → Team → Branding: the colour (previewed as signers will see it, white text on it, with its contrast
 * ratio; the API refuses under AA), the sender name ("ACME via Signet") and the logo. Members see it read-only.
 */
export function TeamBranding(props: { teamId: string; teamName: string; canEdit: boolean }) {
  const branding = useQuery({
    queryKey: brandingKey(props.teamId),
    queryFn: () => v1Request<TBranding>(`/teams/${encodeURIComponent(props.teamId)}/branding`),
  });
  // The form starts from what is stored, and again after each save (the key changes with it).
  return branding.data ? <BrandingForm key={JSON.stringify(branding.data)} {...props} stored={branding.data} /> : null;
}

const brandingKey = (teamId: string) => ['v1', 'teams', teamId, 'branding'] as const;

function BrandingForm({
  teamId,
  teamName,
  canEdit,
  stored,
}: {
  teamId: string;
  teamName: string;
  canEdit: boolean;
  stored: TBranding;
}) {
  const t = useTranslations('teamBranding');
  const queryClient = useQueryClient();
  const key = brandingKey(teamId);
  const [color, setColor] = useState(stored.color ?? '');
  const [senderName, setSenderName] = useState(stored.senderName ?? '');
  const [colorError, setColorError] = useState<string | null>(null);

  const onSaved = (next: TBranding) => queryClient.setQueryData(key, next);
  const save = useMutation({
    mutationFn: (body: { color: string | null; senderName: string | null }) =>
      v1Request<TBranding>(`/teams/${encodeURIComponent(teamId)}/branding`, { method: 'PUT', body }),
    onSuccess: onSaved,
  });
  const logo = useMutation({ mutationFn: (file: File) => uploadLogo(teamId, file), onSuccess: onSaved });
  const removeLogo = useMutation({
    mutationFn: () => v1Request<TBranding>(`/teams/${encodeURIComponent(teamId)}/branding/logo`, { method: 'DELETE' }),
    onSuccess: onSaved,
  });

  const valid = HEX.test(color);
  const ratio = valid ? contrastWithWhite(color.toLowerCase()) : null;
  const readable = ratio !== null && ratio >= MIN_BRAND_CONTRAST;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (color && !valid) return setColorError(t('colorFormat'));
    if (color && !readable) return setColorError(t('colorContrast', { min: MIN_BRAND_CONTRAST }));
    setColorError(null);
    try {
      await save.mutateAsync({ color: color || null, senderName: senderName.trim() || null });
      toast.success(t('saved'));
    } catch (problem) {
      const field = problem instanceof ApiProblem ? problem.errors.find((item) => item.path === 'color') : undefined;
      if (field) setColorError(field.message);
      else toastProblem(t('saveFailed'), problem, t('offline'));
    }
  };

  const pickLogo = async (file: File | undefined) => {
    if (!file) return;
    try {
      await logo.mutateAsync(file);
      toast.success(t('logoSaved'));
    } catch (problem) {
      toastProblem(t('logoFailed'), problem, t('offline'));
    }
  };

  const shownName = senderName.trim() || teamName;
  const logoUrl = stored.logoUrl;
  return (
    <section
      id="branding"
      aria-labelledby="branding-title"
      className="mt-8 max-w-3xl scroll-mt-24 rounded-xl border border-surface-border bg-surface-raised p-5 sm:p-6"
    >
      <h2 id="branding-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="mt-2 text-ink-muted">{t(canEdit ? 'lead' : 'leadReadOnly')}</p>
      <div
        data-testid="brand-preview"
        className="mt-4 flex min-h-12 items-center gap-3 rounded-lg bg-primary-700 px-3 py-2 text-white"
        style={valid ? { backgroundColor: color } : undefined}
      >
        {logoUrl && (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={logoUrl} alt="" className="h-8 w-auto max-w-32 shrink-0 rounded bg-white object-contain p-0.5" />
        )}
        <span className="min-w-0 truncate font-semibold">{t('via', { name: shownName })}</span>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
        <div>
          <label htmlFor="brand-color" className="block font-semibold">
            {t('color')}
          </label>
          <div className="mt-1 flex items-center gap-2">
            <input
              type="color"
              aria-label={t('colorPicker')}
              value={valid ? color.toLowerCase() : '#4338ca'}
              disabled={!canEdit}
              onChange={(event) => setColor(event.target.value)}
              className="h-11 w-14 shrink-0 cursor-pointer rounded-md border border-surface-border bg-surface p-1"
            />
            <input
              id="brand-color"
              value={color}
              placeholder="#1d4ed8"
              maxLength={7}
              disabled={!canEdit}
              aria-invalid={Boolean(colorError)}
              aria-describedby="brand-color-hint"
              onChange={(event) => setColor(event.target.value.trim())}
              className={`${INPUT} mt-0 font-mono`}
            />
          </div>
          <p id="brand-color-hint" className="mt-1 text-sm text-ink-muted">
            {ratio === null
              ? t('colorHint', { min: MIN_BRAND_CONTRAST })
              : t(readable ? 'contrastOk' : 'contrastLow', { ratio: ratio.toFixed(1), min: MIN_BRAND_CONTRAST })}
          </p>
          {colorError && (
            <p role="alert" className="mt-2 text-sm font-medium text-danger-700 dark:text-danger-300">
              {colorError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="brand-sender" className="block font-semibold">
            {t('senderName')}
          </label>
          <input
            id="brand-sender"
            value={senderName}
            maxLength={60}
            placeholder={teamName}
            disabled={!canEdit}
            aria-describedby="brand-sender-hint"
            onChange={(event) => setSenderName(event.target.value)}
            className={INPUT}
          />
          <p id="brand-sender-hint" className="mt-1 text-sm text-ink-muted">
            {t('senderHint', { example: t('via', { name: shownName }) })}
          </p>
        </div>
        {canEdit && (
          <button
            type="submit"
            disabled={save.isPending}
            className="rounded-md bg-primary-700 px-4 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
          >
            {t('save')}
          </button>
        )}
      </form>
      <div className="mt-6 border-t border-surface-border pt-5">
        <h3 className="font-semibold">{t('logo')}</h3>
        <p className="mt-1 text-sm text-ink-muted">{t('logoHint')}</p>
        {canEdit && (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <label className="cursor-pointer rounded-md border border-surface-border bg-surface px-4 py-2.5 font-semibold focus-within:outline focus-within:outline-2 focus-within:outline-primary-500">
              {t(logoUrl ? 'replaceLogo' : 'uploadLogo')}
              <input
                type="file"
                accept="image/png,image/jpeg"
                className="sr-only"
                disabled={logo.isPending}
                onChange={(event) => {
                  void pickLogo(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </label>
            {logoUrl && (
              <button
                type="button"
                onClick={() =>
                  void removeLogo
                    .mutateAsync()
                    .then(() => toast.success(t('logoRemoved')))
                    .catch((problem: unknown) => toastProblem(t('logoFailed'), problem, t('offline')))
                }
                className="rounded-md px-4 py-2.5 font-semibold text-danger-700 hover:bg-danger-50 dark:text-danger-300 dark:hover:bg-danger-950"
              >
                {t('removeLogo')}
              </button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
