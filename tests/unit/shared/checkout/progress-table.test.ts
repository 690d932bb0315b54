import { describe, expect, it } from 'vitest';
import {
  nextPageForProgress,
  pagesForProgress,
  progressRow,
  progressTable,
} from '../../../../shared/checkout/progress-table';

describe('progress flow table (spec §2)', () => {
  it.each([
    [0, 1, 'start', '/checkout/pre-questionnaire'],
    [1, 1, 'pre-questionnaire', '/checkout/questionnaire/1'],
    [2, 1, 'pre-shipping', '/checkout/shipping-details'],
    [3, 1, 'doctor confirmation', '/checkout/pre-scheduling'],
    [3, 2, 'doctor confirmation', '/checkout/pre-scheduling'],
    [3, 3, 'doctor confirmation', '/checkout/doctor-confirmation'],
    [4, 1, 'pre-payment', '/checkout/summary'],
    [5, 1, 'order confirmation', null],
  ] as const)('progress %i, visit type %i: %s leads to %s', (progress, visitType, page, next) => {
    expect(progressRow(progress)?.page).toBe(page);
    expect(nextPageForProgress(progress, visitType)).toBe(next);
  });

  it.each([0, 1, 2, 4, 5])('progress %i does not depend on the visit type', (progress) => {
    expect(nextPageForProgress(progress, 1)).toBe(nextPageForProgress(progress, 3));
    expect(nextPageForProgress(progress, 2)).toBe(nextPageForProgress(progress, 3));
  });

  it('visit types 1 and 2 go through pre-scheduling, then schedule-visit', () => {
    expect(pagesForProgress(3, 1)).toEqual([
      '/checkout/pre-scheduling',
      '/checkout/schedule-visit',
    ]);
    expect(pagesForProgress(3, 2)).toEqual([
      '/checkout/pre-scheduling',
      '/checkout/schedule-visit',
    ]);
    expect(pagesForProgress(3, 3)).toEqual(['/checkout/doctor-confirmation']);
  });

  it('ends at progress 5', () => {
    expect(pagesForProgress(5, 1)).toEqual([]);
  });

  it.each([6, 9, -1, 1.5, Number.NaN])(
    'has no mapping for progress %s (not shown in the spec)',
    (progress) => {
      expect(progressRow(progress)).toBeUndefined();
      expect(nextPageForProgress(progress, 1)).toBeNull();
    },
  );

  it('has the six rows 0..5 in order', () => {
    expect(progressTable.map((row) => row.progress)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
