import { LocaleLink as Link } from '@/components/i18n/locale-link';
import { Icon, type IconName } from './icons';

type CardProps = {
  title: string;
  text: string;
  icon: IconName;
  /** Tailwind gradient stops for the icon badge, one per card (FEATURES). */
  gradient?: string;
  href: string;
  learnMore: string;
  /** Screen-reader tail that makes each "Learn More" link distinct. */
  about: string;
  /** Heading level of the title: 3 under a landing section's h2, 2 under a page's h1. */
  level?: 2 | 3;
};

/** Card with an icon, a title, a text and a "Learn More" link (feature and why cards). */
export function FeatureCard({
  title,
  text,
  icon,
  gradient = 'from-primary-600 to-info-600',
  href,
  learnMore,
  about,
  level = 3,
}: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="group flex h-full flex-col rounded-xl border border-surface-border bg-surface-raised p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-lg">
      <span
        className={`inline-flex h-12 w-12 items-center justify-center rounded-lg bg-gradient-to-br text-white ${gradient}`}
      >
        <Icon name={icon} />
      </span>
      <Heading className="mt-5 text-xl font-semibold">{title}</Heading>
      <p className="mt-2 flex-1 text-ink-muted">{text}</p>
      <Link
        href={href}
        prefetch={false}
        className="mt-6 inline-flex items-center gap-1 self-start font-semibold text-primary-700 hover:underline dark:text-primary-300"
      >
        {learnMore}
        <span className="sr-only"> {about}</span>
        <Icon name="arrowRight" className="h-4 w-4 transition group-hover:translate-x-0.5" />
      </Link>
    </article>
  );
}
