import { afterEach } from 'vitest';
import { reportIfFailed } from './failure-report';

// Every browser test: a failure prints what its pages showed (see failure-report.ts).
afterEach(async ({ task }) => {
  await reportIfFailed(task.result?.state === 'fail', task.fullName ?? task.name);
});
