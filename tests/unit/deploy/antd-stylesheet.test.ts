import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdComponentStyles } from '../../../deploy/antd-stylesheet';
import { antdComponentsInUse } from '../../../web/app/antd-components';

/** The sources the patient app is built from (the console's own screens aside). */
const appSources = ['web', 'renderer'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('console'))
    .map((file) => join(dir, file)),
);

/** The antd components (not types, not helpers) a source imports. */
function antdComponentsImported(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim();
      if (/^[A-Z]/.test(name) && name !== 'ConfigProvider' && !name.endsWith('Props')) {
        names.push(name);
      }
    }
  }
  return names;
}

/** The root class of each component, where it is not `ant-` and its name in kebab case. */
const rootClass: Record<string, string> = {
  AutoComplete: 'ant-select',
  DatePicker: 'ant-picker',
  Timeline: 'ant-timeline',
};
const kebab = (name: string) =>
  name.replace(/[A-Z]/g, (c, i) => `${i ? '-' : ''}${c.toLowerCase()}`);

describe("antd's stylesheet made at build time", () => {
  it('lists every antd component the patient app imports', () => {
    const imported = new Set(
      appSources.flatMap((file) => antdComponentsImported(readFileSync(file, 'utf8'))),
    );
    expect(imported.size).toBeGreaterThan(10);
    const listed = new Set<string>(antdComponentsInUse);
    expect([...imported].filter((name) => !listed.has(name))).toEqual([]);
  });

  it("holds each listed component's styles, in antd's layer, scoped to antd's hashed class", () => {
    const css = antdComponentStyles(antdComponentsInUse);
    expect(css.startsWith('@layer antd{')).toBe(true);
    for (const name of antdComponentsInUse) {
      expect(css, name).toContain(`.${rootClass[name] ?? `ant-${kebab(name)}`}`);
    }
    expect(css).toMatch(/:where\(\.css-[a-z0-9-]+\)\.ant-btn/);
    // Token values are custom properties set at run time from the storefront's theme.
    expect(css).toContain('var(--ant-color-primary)');
    expect(css).not.toContain('#1677ff');
  });
});
