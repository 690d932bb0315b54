import { type RefObject, useEffect, useState } from 'react';

/**
 * Column widths that fill the grid: each column keeps its own width and, when the grid is
 * wider than their sum, the extra room is shared in proportion to the widths.
 */
export function fitWidths(widths: readonly number[], available: number): number[] {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= 0 || available <= total) return [...widths];
  const scaled = widths.map((width) => Math.floor((width * available) / total));
  const spare = available - scaled.reduce((sum, width) => sum + width, 0);
  if (scaled.length > 0) scaled[scaled.length - 1] = (scaled.at(-1) ?? 0) + spare;
  return scaled;
}

/**
 * The rules that size the columns, by position (`.dt-c0`, `.dt-c1`, ...), scoped to one grid.
 * One small style element per grid instead of a style on every cell: cells are created on
 * every scroll frame and an inline style each would cost style work each time.
 */
export function columnWidthCss(gridId: string, widths: readonly number[]): string {
  const scope = `#${cssEscape(gridId)}`;
  return widths.map((width, index) => `${scope} .dt-c${index}{width:${width}px}`).join('\n');
}

function cssEscape(value: string): string {
  return typeof CSS !== 'undefined' && CSS.escape
    ? CSS.escape(value)
    : value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
}

/** The inner width of an element, kept up to date as it resizes. */
export function useInnerWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
