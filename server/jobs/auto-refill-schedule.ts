import type { AppDeps } from '../deps';
import { runDueRefills } from './auto-refill-runner';
import { every, type JobLogger, type Schedule } from './schedule';

/** Runs the auto-refill job every `intervalSeconds` (0: never); safe on every replica. */
export function startAutoRefillSchedule(
  deps: AppDeps,
  intervalSeconds: number,
  logger: JobLogger,
): Schedule {
  return every(
    'auto-refill',
    intervalSeconds,
    async () => {
      const summary = await runDueRefills(deps);
      if (summary.runs.length > 0) {
        const { placed, declined, failed } = summary;
        logger.info({ placed, declined, failed }, 'auto-refill pass');
      }
    },
    logger,
  );
}
