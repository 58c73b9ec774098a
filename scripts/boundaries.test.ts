// The boundaries of .dependency-cruiser.js, checked with dependency-cruiser's own command line: the product code
// keeps every one of them, and each rule does catch the wrong import it is there for (on a small tree of
// deliberately wrong files, laid out like the product's).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
const config = join(root, '.dependency-cruiser.js');

type Violation = { rule: { name: string }; from: string; to: string };

async function violationsIn(cwd: string, paths: string[]): Promise<Violation[]> {
  const { stdout } = await promisify(execFile)(
    depcruise,
    [...paths, '--config', config, '--output-type', 'json', '--no-progress'],
    { cwd, maxBuffer: 256 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => {
    // depcruise exits non-zero when it finds an error-level violation; its JSON is still on stdout.
    if (error.stdout) return { stdout: error.stdout };
    throw error;
  });
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

// A package is named from its node_modules folder on: the wrong tree links the real one.
const named = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^.*\/(?=node_modules\/)/, '')}`;
const listed = (violations: Violation[]) => violations.map(named).join('\n');

describe('the code keeps its boundaries', () => {
  it('the server, the web app and the domain have no violation', async () => {
    const violations = await violationsIn(root, ['apps/server/src', 'apps/web/src', 'packages/domain/src']);
    expect(listed(violations)).toBe('');
  });
});

describe('each boundary rule catches its wrong import', () => {
  const tree = mkdtempSync(join(tmpdir(), 'crm-boundaries-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  const files: Record<string, string> = {
    // The platform reaches into a feature.
    'apps/server/src/platform/audit/record-change.ts':
      "import { leadCount } from '../../features/leads/leads.service.ts';\nexport const audited = leadCount;\n",
    // A service writes SQL itself.
    'apps/server/src/features/leads/leads.service.ts':
      "import { sql } from 'drizzle-orm';\nexport const leadCount = sql`select 1`;\n",
    // A route reads a repository.
    'apps/server/src/features/leads/leads.routes.ts':
      "import { findLead } from './leads.repository.ts';\nexport const route = findLead;\n",
    'apps/server/src/features/leads/leads.repository.ts': 'export const findLead = 1;\n',
    // A job imports a routes file.
    'apps/server/src/jobs/reminder.job.ts':
      "import { route } from '../features/leads/leads.routes.ts';\nexport const job = route;\n",
    // A feature imports the app's composition.
    'apps/server/src/features/tasks/tasks.service.ts':
      "import { app } from '../../app.ts';\nexport const tasks = app;\n",
    'apps/server/src/app.ts': 'export const app = 1;\n',
    // Two features reach each other (one folder circle, one module circle).
    'apps/server/src/features/invoices/invoices.service.ts':
      "import { ledger } from '../client-money/client-money.service.ts';\nexport const invoice = ledger;\n",
    'apps/server/src/features/client-money/client-money.service.ts':
      "import { invoice } from '../invoices/invoices.service.ts';\nexport const ledger = () => invoice;\n",
    // A web feature reaches past another feature's entry.
    'apps/web/src/features/timesheets/timesheet.tsx':
      "import { myTasks } from '../tasks/api/my-tasks.ts';\nexport const sheet = myTasks;\n",
    'apps/web/src/features/tasks/api/my-tasks.ts': 'export const myTasks = 1;\n',
  };

  it('reports each rule on the wrong tree', async () => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
    copyFileSync(join(root, 'tsconfig.base.json'), join(tree, 'tsconfig.base.json'));
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));

    const violations = await violationsIn(tree, ['apps']);
    const pairs = new Set(violations.map(named));
    for (const expected of [
      'platform-below-features: apps/server/src/platform/audit/record-change.ts → apps/server/src/features/leads/leads.service.ts',
      'sql-only-in-repositories: apps/server/src/features/leads/leads.service.ts → node_modules/drizzle-orm/index.js',
      'routes-call-services: apps/server/src/features/leads/leads.routes.ts → apps/server/src/features/leads/leads.repository.ts',
      'routes-only-in-the-app: apps/server/src/jobs/reminder.job.ts → apps/server/src/features/leads/leads.routes.ts',
      'features-below-composition: apps/server/src/features/tasks/tasks.service.ts → apps/server/src/app.ts',
      'web-feature-entries: apps/web/src/features/timesheets/timesheet.tsx → apps/web/src/features/tasks/api/my-tasks.ts',
    ]) {
      expect(pairs, listed(violations)).toContain(expected);
    }
    // A circle is reported from whichever end the cruise met first.
    const rules = violations.map((v) => v.rule.name);
    expect(rules).toContain('no-circular');
    expect(rules).toContain('no-feature-circles');
  });
});
