// How long the bench takes, part by part and whole (issue 17: under 15 minutes here). The whole
// is counted from BENCH_STARTED_AT (seconds since the epoch, set by `npm run bench` before it
// builds the apps), else from this process's start.
const budgetMinutes = 15;
const startedAtMs =
  Number(process.env.BENCH_STARTED_AT) * 1000 || Date.now() - process.uptime() * 1000;
const sections: { name: string; ms: number }[] = [];

const minutesAndSeconds = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
};

/** Runs one part of the bench and keeps how long it took. */
export async function timedSection(name: string, run: () => Promise<void>): Promise<void> {
  const started = Date.now();
  await run();
  sections.push({ name, ms: Date.now() - started });
}

/** Prints each part's time and the whole run's against its budget. */
export function benchDuration(): void {
  const totalMs = Date.now() - startedAtMs;
  const measuredMs = sections.reduce((sum, section) => sum + section.ms, 0);
  console.log('\nHow long the bench took');
  for (const section of [
    { name: 'building the apps and starting', ms: totalMs - measuredMs },
    ...sections,
  ]) {
    console.log(`  ${section.name.padEnd(32)} ${minutesAndSeconds(section.ms).padStart(13)}`);
  }
  const verdict = totalMs <= budgetMinutes * 60_000 ? 'OK' : 'OVER';
  console.log(
    `  ${'the whole bench'.padEnd(32)} ${minutesAndSeconds(totalMs).padStart(13)}  (budget ≤ ${budgetMinutes} min) ${verdict}`,
  );
}
