import { z } from 'zod';

/** The guided tours of the product; each is remembered on its own once finished or skipped. */
export const TOUR_IDS = ['dashboard', 'workspace'] as const;
export const ZTourId = z.enum(TOUR_IDS);
export type TTourId = z.infer<typeof ZTourId>;

/** User.preferences as stored (JSON text). Unknown members are dropped on read, so old rows stay readable. */
export const ZUserPreferences = z.object({
  toursDone: z.array(ZTourId).catch([]).default([]),
});
export type TUserPreferences = z.infer<typeof ZUserPreferences>;

/** PATCH /api/me/preferences: marks tours done (true) or not done (false, shown again on the next visit). */
export const ZPreferencesUpdate = z
  .object({
    toursDone: z.partialRecord(ZTourId, z.boolean()),
  })
  .strict();
export type TPreferencesUpdate = z.infer<typeof ZPreferencesUpdate>;

/** Reads the stored text; a damaged value reads as the defaults rather than breaking every page. */
export function parsePreferences(text: string): TUserPreferences {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = {};
  }
  const parsed = ZUserPreferences.safeParse(value);
  return parsed.success ? parsed.data : ZUserPreferences.parse({});
}

export function applyPreferencesUpdate(current: TUserPreferences, update: TPreferencesUpdate): TUserPreferences {
  const done = new Set(current.toursDone);
  for (const [tour, value] of Object.entries(update.toursDone) as [TTourId, boolean | undefined][]) {
    if (value === true) done.add(tour);
    if (value === false) done.delete(tour);
  }
  return { ...current, toursDone: TOUR_IDS.filter((tour) => done.has(tour)) };
}
