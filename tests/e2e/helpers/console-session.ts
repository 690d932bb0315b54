import type { Page } from '@playwright/test';

/** Opens the console at `${baseUrl}/console/` (optionally at a hash route) and signs in. */
export async function signInToConsole(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
  route = '',
): Promise<void> {
  await page.goto(`${baseUrl}/console/${route ? `#${route}` : ''}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** The grid's data rows as rendered (the virtualised ones in view), top to bottom. */
export async function gridRowTexts(page: Page, gridName: string): Promise<string[][]> {
  const grid = page.getByRole('grid', { name: gridName });
  await grid.locator('tbody tr').first().waitFor();
  return grid.evaluate((table) =>
    Array.from(table.querySelectorAll('tbody tr'))
      .map((row) => ({
        index: Number(row.getAttribute('aria-rowindex')),
        cells: Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.trim() ?? ''),
      }))
      .sort((a, b) => a.index - b.index)
      .map((row) => row.cells),
  );
}

/** The grid's column headers, in order. */
export async function gridHeaders(page: Page, gridName: string): Promise<string[]> {
  return page
    .getByRole('grid', { name: gridName })
    .locator('thead th')
    .evaluateAll((cells) =>
      cells.map((cell) => cell.textContent?.replace(/[↑↓↕]/g, '').trim() ?? ''),
    );
}

/** Waits until the grid has loaded its rows (not busy with a first load, a refresh or a page). */
export async function waitForGridIdle(page: Page, gridName: string): Promise<void> {
  await page.waitForFunction((name) => {
    const table = document.querySelector(`table[aria-label="${name}"]`);
    return table !== null && table.getAttribute('aria-busy') === 'false';
  }, gridName);
}
