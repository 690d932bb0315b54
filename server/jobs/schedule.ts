export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Schedule {
  /** Stops the timer and waits for a pass under way, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalSeconds` (0: never), one pass at a time in this process. Other
 * processes may run theirs at the same moment: every job run this way must be safe for that.
 * The timer is unref'd: it never keeps the process alive on its own.
 */
export function every(
  name: string,
  intervalSeconds: number,
  pass: () => Promise<void>,
  logger: JobLogger,
): Schedule {
  if (intervalSeconds <= 0) return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => logger.error({ err: error, job: name }, `${name} pass failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
