import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * DESIGN §2's directions, held by `npm run lint` (Biome's noRestrictedImports overrides in
 * biome.json). Each case is a file at a path of the tree importing one module: the project's
 * biome.json lints copies of them in a scratch directory, and the wrong imports must fail.
 */
const root = join(import.meta.dirname, '../../..');

const refused: [file: string, specifier: string, because: RegExp][] = [
  ['shared/cart/probe.ts', '../../server/app', /shared\/ imports nothing of ours/],
  ['shared/cart/probe.ts', 'react', /framework-free/],
  ['server/modules/orders/probe.ts', '../../../renderer/components/format', /never imports UI/],
  ['server/db/probe.ts', '../modules/orders/order-queries', /below the modules/],
  ['server/lib/probe.ts', '../plugins/auth', /below the modules/],
  ['server/integrations/files/probe.ts', '../../modules/audit/audit-service', /below the modules/],
  ['renderer/console/probe.ts', '../../web/app/cart-drawer', /never imports the patient app/],
  ['renderer/features/labs/probe.ts', '../payment/card-fields', /never imports another feature/],
  [
    'renderer/features/staff-patients/components/probe.tsx',
    '../../documents/staff-document-download',
    /never imports another feature/,
  ],
  ['renderer/features/labs/probe.ts', '../../console/pages/visits/chart', /Only the staff console/],
  ['renderer/features/cart/probe.ts', '../../../server/app', /never imports server/],
  ['renderer/components/probe.ts', '../features/cart/use-cart', /below the features/],
  ['renderer/app/probe.ts', '../features/session/session-context', /below the features/],
  ['web/pages/probe.tsx', '../../renderer/console/console-app', /Only the staff console/],
  ['web/probe.ts', 'node:fs', /never imports server or Node/],
  ['electron/probe.ts', '../renderer/console/console-app', /imports none of the UI/],
  ['electron/probe.ts', '../server/app', /imports none of the UI, nor the server/],
];

const allowed: [file: string, specifier: string][] = [
  ['renderer/features/labs/probe.ts', '../../../shared/checkout/routes'],
  ['renderer/features/labs/probe.ts', '../../components/format'],
  ['renderer/features/labs/probe.ts', '../../app/api-context'],
  ['renderer/features/labs/probe.ts', './lab-list'],
  ['renderer/features/phone-order/components/probe.tsx', '../phone-order-api'],
  ['renderer/console/pages/probe.tsx', '../../features/labs/lab-list'],
  ['web/pages/probe.tsx', '../../renderer/features/cart/use-cart'],
  ['server/modules/orders/probe.ts', '../../db/client'],
  ['server/modules/orders/probe.ts', '../payments/pay-order'],
  ['server/plugins/probe.ts', '../modules/auth/principal'],
  ['server/db/probe.ts', '../lib/time-zones'],
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

let scratch: string;
const cases = [
  ...refused.map(([file, specifier, because]) => ({ file, specifier, because })),
  ...allowed.map(([file, specifier]) => ({ file, specifier, because: null })),
];
const pathOf = (index: number) => {
  const file = cases[index]?.file ?? '';
  return file.replace(/probe\.(tsx?)$/, `probe-${index}.$1`);
};
let diagnostics: Diagnostic[] = [];

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'import-boundaries-'));
  copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'));
  cases.forEach(({ specifier }, index) => {
    const path = join(scratch, pathOf(index));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `import * as probe from '${specifier}';\n\nexport const used = probe;\n`);
  });
  diagnostics = lint(scratch).filter((d) => d.category === 'lint/style/noRestrictedImports');
});

/** Biome's report of a directory, linted with the biome.json copied into it. */
function lint(directory: string): Diagnostic[] {
  let output: string;
  try {
    output = execFileSync(
      join(root, 'node_modules/.bin/biome'),
      ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'],
      { cwd: directory, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch (error) {
    // Biome exits 1 when it finds errors; its report is still on stdout.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  return (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
}

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('the import directions of DESIGN §2 fail the lint', () => {
  it.each(cases.map((c, index) => ({ ...c, index })))(
    '$file importing $specifier',
    ({ because, index }) => {
      const found = diagnostics.filter((d) => d.location.path === pathOf(index));
      if (because === null) expect(found).toEqual([]);
      else {
        expect(found).toHaveLength(1);
        expect(found[0]?.message).toMatch(because);
      }
    },
  );

  it('an import cycle fails too', () => {
    const cycle = mkdtempSync(join(tmpdir(), 'import-cycle-'));
    try {
      copyFileSync(join(root, 'biome.json'), join(cycle, 'biome.json'));
      mkdirSync(join(cycle, 'renderer/console'), { recursive: true });
      writeFileSync(
        join(cycle, 'renderer/console/wizard.ts'),
        "import { step } from './step';\n\nexport const wizard = () => step;\n",
      );
      writeFileSync(
        join(cycle, 'renderer/console/step.ts'),
        "import { wizard } from './wizard';\n\nexport const step = () => wizard;\n",
      );
      const report = lint(cycle);
      expect(report.map((d) => d.category)).toContain('lint/suspicious/noImportCycles');
    } finally {
      rmSync(cycle, { recursive: true, force: true });
    }
  });

  it('names every feature of renderer/features in the feature-to-feature rule', () => {
    const config = readFileSync(join(root, 'biome.json'), 'utf8');
    const features = readdirSync(join(root, 'renderer/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const feature of features) {
      expect(config).toContain(`"../${feature}/**"`);
      expect(config).toContain(`"../../${feature}/**"`);
    }
  });
});
