import { type ReactNode, useLayoutEffect } from 'react';
import { themeCssVariables } from '../../shared/theme/css-variables';
import type { ThemeConfig } from '../../shared/theme/theme-config';

/**
 * The storefront theme (spec §3, §9) for our own CSS; antd gets the same theme as tokens
 * through AntdBoundary where antd is used.
 */
export function ThemeRoot({ theme, children }: { theme: ThemeConfig; children: ReactNode }) {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    for (const [name, value] of Object.entries(themeCssVariables(theme))) {
      root.setProperty(name, value);
    }
    document.title = theme.storeFrontName;
  }, [theme]);
  return <>{children}</>;
}
