import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';
import { antdComponentsInUse } from '../web/app/antd-components';

const components = antd as unknown as Record<string, Parameters<typeof createElement>[0]>;

/**
 * The CSS antd would generate at run time for these components, made once: each is rendered on
 * the server into a style cache and the cache's rules are read out. Every value in them is a CSS
 * custom property (the storefront's colours and sizes still come at run time, as antd's token
 * variables), and their hashed scope class depends only on antd's version, not on the theme. In a
 * cascade layer: our own CSS wins over antd's whatever the order the files load in, as it did
 * when antd put its styles first in the document at run time.
 */
export function antdComponentStyles(names: readonly string[]): string {
  const cache = createCache();
  const samples = names.map((name) => {
    const component = components[name];
    if (!component) throw new Error(`antd has no component ${name}`);
    return createElement(component, { key: name });
  });
  renderToString(
    createElement(
      StyleProvider,
      { cache },
      createElement(antd.ConfigProvider, null, createElement(Fragment, null, ...samples)),
    ),
  );
  return `@layer antd{${extractStyle(cache, { plain: true, types: ['style'] })}}`;
}

const moduleId = 'virtual:antd-components.css';

/** `import 'virtual:antd-components.css'`: the styles of the antd components the app uses. */
export function antdStylesheet(): Plugin {
  return {
    name: 'antd-stylesheet',
    resolveId: (id) => (id === moduleId ? `\0${moduleId}` : null),
    load: (id) => (id === `\0${moduleId}` ? antdComponentStyles(antdComponentsInUse) : null),
  };
}
