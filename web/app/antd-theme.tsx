import { ConfigProvider } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { antdThemeOf } from '../../renderer/theme/antd-theme';
import type { ThemeConfig } from '../../shared/theme/theme-config';
import 'virtual:antd-components.css';

/**
 * antd's default error red and secondary grey fall below 4.5:1 contrast on white (WCAG AA):
 * darker shades, which the storefront's own tokens may still override.
 */
const accessibleTokens = {
  colorError: '#c0262d',
  colorTextDescription: '#4a5a52',
  colorTextTertiary: '#4a5a52',
};

/**
 * antd's theme (the storefront's colours, fonts, 48 px controls) for the pages and drawers
 * that use antd, as CSS custom properties over the components' stylesheet. Its own chunk: the
 * home page is plain markup, so the first route carries neither antd nor its styles (DESIGN §7
 * budget).
 */
export default function AntdTheme({
  theme,
  children,
}: {
  theme: ThemeConfig;
  children: ReactNode;
}) {
  const antdTheme = useMemo(() => {
    const base = antdThemeOf(theme);
    // Zero-runtime: the components' styles come from the stylesheet made at build time
    // (deploy/antd-stylesheet.ts).
    return { ...base, token: { ...accessibleTokens, ...base.token }, zeroRuntime: true };
  }, [theme]);
  return <ConfigProvider theme={antdTheme}>{children}</ConfigProvider>;
}
