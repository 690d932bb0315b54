import type { ThemeConfig } from 'antd';
import { defaultThemeConfig } from '../../../shared/theme/theme-defaults';
import { antdThemeOf } from '../../theme/antd-theme';

/**
 * The storefront's colours with a denser layout than the patient app: staff work at a desk
 * with a mouse and keyboard, on long tables, so controls keep antd's 32 px instead of 48.
 */
export function consoleTheme(): ThemeConfig {
  const base = antdThemeOf(defaultThemeConfig);
  return {
    ...base,
    token: { ...base.token, controlHeightLG: 40, padding: 16, margin: 16 },
    components: {
      ...base.components,
      Button: { controlHeight: 32, controlHeightLG: 40 },
      Menu: {
        itemSelectedBg: defaultThemeConfig.colors.primaryLightest,
        itemSelectedColor: defaultThemeConfig.colors.primary,
      },
    },
  };
}
