import { useCallback, useState } from 'react';
import { browserStorage } from '../../app/browser-storage';
import type { ColumnVisibility, DataTableColumn } from './data-table-types';

const keyOf = (tableId: string) => `dataTable.columns.${tableId}`;

/** The defaults of the columns: shown unless defaultHidden. */
export function defaultVisibility(columns: readonly DataTableColumn<never>[]): ColumnVisibility {
  return Object.fromEntries(columns.map((column) => [column.id, !column.defaultHidden]));
}

/** A stored choice, keeping only booleans of known columns (anything else is ignored). */
export function readStoredVisibility(tableId: string): ColumnVisibility {
  try {
    const text = browserStorage('local').getItem(keyOf(tableId));
    if (!text) return {};
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

export function storeVisibility(tableId: string, visibility: ColumnVisibility): void {
  try {
    browserStorage('local').setItem(keyOf(tableId), JSON.stringify(visibility));
  } catch {
    // Storage full or refused: the choice lasts until the page closes.
  }
}

/**
 * Which columns a table shows, remembered per table in localStorage so each user's choice
 * survives a restart. Tables whose visibility is owned elsewhere (a saved view) pass it in.
 */
export function usePersistedColumnVisibility(
  tableId: string,
  controlled?: ColumnVisibility,
  onControlledChange?: (visibility: ColumnVisibility) => void,
): [ColumnVisibility, (next: ColumnVisibility) => void] {
  const [own, setOwn] = useState<ColumnVisibility>(() => readStoredVisibility(tableId));
  const change = useCallback(
    (next: ColumnVisibility) => {
      storeVisibility(tableId, next);
      if (onControlledChange) onControlledChange(next);
      else setOwn(next);
    },
    [tableId, onControlledChange],
  );
  return [controlled ?? own, change];
}
