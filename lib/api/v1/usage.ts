import { z } from 'zod';

export const plans = ['free', 'pro', 'enterprise'] as const;

/**
 * The owner's use of their plan this month: what the upload page and the
 * dashboard show ("3 of 5 documents this month"), and what lets a client
 * refuse an upload over the quota before sending it.
 */
export const ZUsage = z
  .object({
    plan: z.enum(plans),
    documents: z.object({
      used: z.int().min(0).meta({
        description:
          'Documents uploaded this calendar month (UTC), whatever became of them: deleted, cancelled and declined ones count.',
      }),
      limit: z
        .int()
        .positive()
        .nullable()
        .meta({ description: 'Documents the plan allows per month; null: no limit.' }),
      remaining: z.int().min(0).nullable().meta({ description: 'Uploads left this month; null: no limit.' }),
      resetsAt: z.iso
        .datetime()
        .meta({ description: 'When the count starts again: the first instant of the next calendar month, UTC.' }),
    }),
  })
  .meta({ id: 'Usage' });

export type TUsage = z.infer<typeof ZUsage>;
