import { avatarLetter } from '@/lib/auth/map-claims';

export const AVATAR_CLASS =
  'ml-1 inline-flex h-10 w-10 items-center justify-center rounded-full bg-primary-700 text-base font-bold text-white transition hover:bg-primary-800 dark:bg-primary-300 dark:text-primary-950 dark:hover:bg-primary-200';

/** The first letter of the name, 'U' without one. */
export function AvatarLetter({ name }: { name: string | null }) {
  return <span aria-hidden="true">{avatarLetter(name)}</span>;
}
