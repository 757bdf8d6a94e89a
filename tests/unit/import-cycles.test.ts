/**
 * The lint configuration's import rules (eslint.config.js) find a cycle among TypeScript
 * modules. They once found none at all: import-x reads only JavaScript files unless told
 * otherwise, so `no-cycle` passed every cycle through .ts files.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { importRules } from '../../eslint.config.js';

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The no-cycle findings for modules written into a folder of their own. */
async function cycleFindings(files: Record<string, string>): Promise<string[]> {
  folder = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  const eslint = new ESLint({
    cwd: folder,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      importRules,
    ],
  });
  const results = await eslint.lintFiles(Object.keys(files));
  return results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === 'import-x/no-cycle')
      .map(() => path.basename(result.filePath)),
  );
}

describe('import cycles', () => {
  it('are errors in every module of the cycle', async () => {
    const findings = await cycleFindings({
      'orders.ts': "import { mail } from './mail';\n\nexport const order = (): unknown => mail;\n",
      'mail.ts': "import { order } from './orders';\n\nexport const mail = (): unknown => order;\n",
    });
    expect(findings.sort()).toEqual(['mail.ts', 'orders.ts']);
  });

  it('are not found where imports go one way', async () => {
    const findings = await cycleFindings({
      'orders.ts': "import { mail } from './mail';\n\nexport const order = (): unknown => mail;\n",
      'mail.ts': 'export const mail = (): unknown => 1;\n',
    });
    expect(findings).toEqual([]);
  });
});
