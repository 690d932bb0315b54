import type { ThemeConfig as AntdThemeConfig } from 'antd';
import { buttonHeight, spacingUnit } from '../../shared/theme/layout';
import type { ThemeConfig } from '../../shared/theme/theme-config';
import { fontSizes } from '../../shared/theme/typography';

/**
 * The storefront theme (spec §3, §9: defaults merged with the runtime config) as antd design
 * tokens: colours, font sizes, the 48 px control height, the 8 px spacing unit and the rounded
 * borders flag. `themeOverrides.antd`, when given, is spread over the result.
 */
export function antdThemeOf(theme: ThemeConfig): AntdThemeConfig {
  const rounded = theme.flags.enableRoundedBorders;
  const overrides = theme.themeOverrides.antd;
  const base: AntdThemeConfig = {
    token: {
      colorPrimary: theme.colors.primary,
      colorLink: theme.colors.infoLinkTextColor,
      fontSize: fontSizes.body2,
      fontSizeHeading1: fontSizes.h1,
      fontSizeHeading2: fontSizes.h2,
      fontSizeHeading3: fontSizes.h3,
      controlHeightLG: buttonHeight,
      borderRadius: rounded ? 8 : 2,
      padding: spacingUnit * 2,
      margin: spacingUnit * 2,
    },
    components: {
      Button: { controlHeight: buttonHeight, controlHeightLG: buttonHeight },
    },
  };
  if (overrides && typeof overrides === 'object' && !Array.isArray(overrides)) {
    return { ...base, ...(overrides as AntdThemeConfig) };
  }
  return base;
}
