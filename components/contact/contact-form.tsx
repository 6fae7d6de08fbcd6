'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useMemo, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import {
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  type TContactField,
  type TContactPlan,
  fieldErrorsFrom,
  presetFromSearch,
} from '@/lib/contact/contact-options';
import { ContactField, inputClass } from './contact-field';
import { sendContactRequest } from './send-contact-request';

const FIELDS: readonly TContactField[] = ['name', 'email', 'company', 'topic', 'message'];
const LIMIT_VALUES: Record<TContactField, { min?: number; max?: number }> = {
  name: { max: CONTACT_LIMITS.name },
  email: { max: CONTACT_LIMITS.email },
  company: { max: CONTACT_LIMITS.company },
  topic: {},
  message: { min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.message },
};

type Errors = Partial<Record<string, string>>;

// The query string never changes while the form is shown; the page itself stays static.
const noSubscription = () => () => {};
const readSearch = () => window.location.search;
const serverSearch = () => '';

function valuesOf(form: HTMLFormElement, locale: string): Record<string, string> {
  const values: Record<string, string> = { locale };
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}

// The shared zod schema loads when someone first focuses the form, not with the page.
let schema: Promise<typeof import('@/lib/contact/contact-schema')> | undefined;
const loadSchema = () => (schema ??= import('@/lib/contact/contact-schema'));

/** Client-side check with the API's own schema; if it cannot load, the server still checks. */
async function validate(values: Record<string, string>): Promise<Errors> {
  const loaded = await loadSchema().catch(() => {
    schema = undefined;
    return null;
  });
  const parsed = loaded?.ZContactRequest.safeParse(values);
  return !parsed || parsed.success ? {} : fieldErrorsFrom(parsed.error.issues);
}

function focusFirstError(form: HTMLFormElement, errors: Errors) {
  const field = FIELDS.find((name) => errors[name]);
  const element = field ? form.elements.namedItem(field) : null;
  if (element instanceof HTMLElement) element.focus();
}

/** The contact form: client-side checks with the API's own schema, then POST /api/contact. */
export function ContactForm() {
  const t = useTranslations('contact');
  const locale = useLocale();
  const search = useSyncExternalStore(noSubscription, readSearch, serverSearch);
  const preset = useMemo(() => presetFromSearch(search), [search]);
  const [topic, setTopic] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const message = (field: TContactField) => {
    const key = errors[field];
    if (!key) return undefined;
    return t.has(`form.errors.${key}`) ? t(`form.errors.${key}`, LIMIT_VALUES[field]) : t('form.errors.invalid');
  };

  // Until billing exists a Pro request is how Pro starts, so the form says what happens with it.
  const planHint = (plan: TContactPlan) => {
    const note = t('form.planNote', { plan: t(`form.plans.${plan}`) });
    return plan === 'PRO' ? `${note} ${t('form.proNote')}` : note;
  };

  // Once a field shows an error, re-check it as the user types so the message goes away when fixed.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (!errors[name]) return;
    void validate(valuesOf(event.currentTarget, locale)).then((next) =>
      setErrors((current) => ({ ...current, [name]: next[name] })),
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending) return;
    const values = valuesOf(form, locale);
    // Disabled from the first await on, so a double click cannot send twice.
    setSending(true);
    const found = await validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSending(false);
      focusFirstError(form, found);
      return;
    }
    const outcome = await sendContactRequest(values);
    setSending(false);
    if (outcome.kind === 'sent') {
      toast.success(t('toast.success'), { description: t('toast.successDetail') });
      form.reset();
      setTopic(null);
      return;
    }
    if (outcome.kind === 'invalid') {
      setErrors(outcome.errors);
      focusFirstError(form, outcome.errors);
      toast.error(t('toast.invalid'));
      return;
    }
    if (outcome.kind === 'network') toast.error(t('toast.network'));
    else if (outcome.status === 429) toast.error(t('toast.rateLimited'));
    else if (outcome.status === 413) toast.error(t('toast.tooLarge'));
    else if (outcome.status === 403) toast.error(t('toast.forbidden'));
    else toast.error(t('toast.server', { status: outcome.status }));
  };

  const required = (
    <span aria-hidden="true" className="ml-0.5 text-danger-700 dark:text-danger-300">
      *
    </span>
  );
  const optional = <span className="ml-1.5 font-normal text-ink-muted">({t('form.optional')})</span>;
  const control = (field: TContactField, describedBy: string | undefined) => ({
    id: `contact-${field}`,
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy,
    className: inputClass,
  });

  return (
    <form
      noValidate
      aria-label={t('form.label')}
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={() => void loadSchema()}
      className="relative grid gap-5 sm:grid-cols-2"
    >
      <p className="text-sm text-ink-muted sm:col-span-2">{t('form.requiredNote')}</p>
      <ContactField id="contact-name" label={t('form.name')} marker={required} error={message('name')}>
        {(describedBy) => (
          <input {...control('name', describedBy)} type="text" autoComplete="name" required aria-required="true" />
        )}
      </ContactField>
      <ContactField id="contact-email" label={t('form.email')} marker={required} error={message('email')}>
        {(describedBy) => (
          <input
            {...control('email', describedBy)}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            aria-required="true"
          />
        )}
      </ContactField>
      <ContactField id="contact-company" label={t('form.company')} marker={optional} error={message('company')}>
        {(describedBy) => <input {...control('company', describedBy)} type="text" autoComplete="organization" />}
      </ContactField>
      <ContactField
        id="contact-topic"
        label={t('form.topic')}
        marker={required}
        error={message('topic')}
        hint={preset.plan ? planHint(preset.plan) : undefined}
      >
        {(describedBy) => (
          <select
            {...control('topic', describedBy)}
            required
            aria-required="true"
            value={topic ?? preset.topic ?? ''}
            onChange={(event) => setTopic(event.target.value)}
          >
            <option value="" disabled>
              {t('form.topicPlaceholder')}
            </option>
            {CONTACT_TOPICS.map((value) => (
              <option key={value} value={value}>
                {t(`form.topics.${value}`)}
              </option>
            ))}
          </select>
        )}
      </ContactField>
      <ContactField
        id="contact-message"
        label={t('form.message')}
        marker={required}
        hint={t('form.messageHint', { min: CONTACT_LIMITS.messageMin })}
        error={message('message')}
        className="sm:col-span-2"
      >
        {(describedBy) => (
          <textarea
            {...control('message', describedBy)}
            rows={6}
            required
            aria-required="true"
            className={`${inputClass} min-h-36 resize-y`}
          />
        )}
      </ContactField>
      {preset.plan ? <input type="hidden" name="plan" value={preset.plan} /> : null}
      {/* Honeypot: off-screen and out of the tab order; people never fill it, naive bots do. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t('form.honeypot')}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={sending}
          className="w-full rounded-lg bg-primary-700 px-6 py-3 font-semibold text-white transition hover:bg-primary-800 sm:w-auto"
        >
          {sending ? t('form.sending') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}
