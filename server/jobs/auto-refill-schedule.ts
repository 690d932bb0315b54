import type { AppDeps } from '../deps';
import { runDueRefills } from './auto-refill-runner';

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Schedule {
  /** Stops the timer and waits for a pass under way, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs the auto-refill job every `intervalSeconds` (0: never). One pass at a time in this
 * process; other processes may run theirs at the same moment (the job is safe for that). The
 * timer is unref'd: it never keeps the process alive on its own.
 */
export function startAutoRefillSchedule(
  deps: AppDeps,
  intervalSeconds: number,
  logger: Logger,
): Schedule {
  if (intervalSeconds <= 0) return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = runDueRefills(deps)
      .then((summary) => {
        if (summary.runs.length > 0) {
          const { placed, declined, failed } = summary;
          logger.info({ placed, declined, failed }, 'auto-refill pass');
        }
      })
      .catch((error: unknown) => logger.error({ err: error }, 'auto-refill pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
