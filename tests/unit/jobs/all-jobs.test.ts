// The queue names are stored in each job row: a renamed queue would leave the rows already queued without a handler.
import { expect, it } from 'vitest';
import { allJobs, registerAllJobs } from '@/lib/server/jobs/all-jobs';
import { getJob } from '@/lib/server/jobs/registry';

it('lists every queue once, under the names rows already carry, with its own tries where the default is not enough', () => {
  expect(allJobs.map((job) => job.queue).sort()).toEqual([
    'contact.notify',
    'document.expire',
    'document.finalize',
    'document.purge',
    'document.remind',
    'mail.cancelled',
    'mail.completed',
    'mail.declined',
    'mail.declined-to-owner',
    'mail.expired',
    'mail.invitation',
    'mail.reminder',
    'mail.signed-confirmation',
    'mail.signed-to-owner',
    'webhook.deliver',
  ]);
  const tries = Object.fromEntries(
    allJobs.filter((job) => job.maxAttempts !== undefined).map((job) => [job.queue, job.maxAttempts]),
  );
  expect(tries).toEqual({ 'document.finalize': 8, 'webhook.deliver': 12 });
});

it('registers every job for the runner to find by its queue', () => {
  registerAllJobs();
  for (const job of allJobs) expect(getJob(job.queue)).toBe(job);
});
