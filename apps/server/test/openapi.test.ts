// The OpenAPI document is what a client developer reads: the live one must pass redocly's recommended rules
// (redocly.yaml), and the typed client the web and the API tests use (packages/domain/src/api-contract.ts) must be generated from it as it is
// now, so the document cannot drift from the code unnoticed.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, renderApiTypes } from '../src/scripts/api-types.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REDOCLY_CLI = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
/** Generous: the linter is a separate Node process, and a busy machine must not fail the test. */
const LINT_TIMEOUT_MS = 120_000;

type LintReport = {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
};

let t: TestApp;
let document: Record<string, unknown>;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp();
  // The document itself is no operation of the document, so it is read without the typed client.
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  dir = mkdtempSync(join(tmpdir(), 'crm-openapi-'));
});

afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it(
    'passes redocly lint with the recommended rules: no error, no warning',
    async () => {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const run = await promisify(execFile)(
        process.execPath,
        [REDOCLY_CLI, 'lint', file, '--config', join(REPO_ROOT, 'redocly.yaml'), '--format', 'json'],
        {
          cwd: REPO_ROOT,
          // No telemetry and no update check: the lint needs no network.
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 32 * 1024 * 1024,
          timeout: LINT_TIMEOUT_MS,
        },
      ).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }));
      const report = JSON.parse(run.stdout) as LintReport;
      const problems = report.problems.map(
        (p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`,
      );
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    },
    LINT_TIMEOUT_MS + 10_000,
  );

  it('gives every operation a unique operationId and its 4xx answers in the one error shape', () => {
    const paths = document.paths as Record<string, Record<string, OperationLike>>;
    const ids: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        ids.push(operation.operationId);
        const errors = Object.entries(operation.responses).filter(([status]) => /^4/.test(status));
        expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, response] of errors) {
          expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
            $ref: '#/components/schemas/ApiError',
          });
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(paths['/api/leads/{id}']?.patch?.operationId).toBe('patchLeadsById');
    // Signing in needs no session; reading a lead does.
    expect(paths['/api/auth/sign-in']?.post?.security).toEqual([]);
    expect(paths['/api/leads/{id}']?.get?.security).toBeUndefined();
    expect(document.security).toEqual([{ session: [] }]);
  });

  it('marks a body optional only where the server takes it absent; an upload always needs its file', async () => {
    const cookie = await t.signIn('administrator');
    const optional: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, OperationLike>>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation.requestBody?.required !== false) continue;
        optional.push(`${method.toUpperCase()} ${path}`);
        // No body on a record that is not there: the server gets past the body to the record (404), not 400.
        const response = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url: path.replace(/\{[^}]+\}/g, randomUUID()),
          headers: { cookie },
        });
        expect(response.statusCode, `${method.toUpperCase()} ${path}: ${response.body}`).toBe(404);
      }
    }
    expect(optional).toEqual(
      expect.arrayContaining(['DELETE /api/leads/{id}', 'POST /api/leads/{id}/convert', 'DELETE /api/services/{id}']),
    );
    const paths = document.paths as Record<string, Record<string, OperationLike>>;
    expect(paths['/api/documents/{id}/file']?.post?.requestBody?.required).toBe(true);
    expect(paths['/api/leads']?.post?.requestBody?.required).toBe(true);
  });

  it('is what the committed typed client was generated from (else: npm run api:types)', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    expect(await renderApiTypes(document), 'packages/domain/src/api-contract.ts is stale: run npm run api:types').toBe(
      committed,
    );
  });
});

type OperationLike = {
  operationId: string;
  requestBody?: { required?: boolean };
  security?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
