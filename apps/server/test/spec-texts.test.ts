// The spec's texts listed in docs/spec-texts.json are each in the source, word for word, so a text reworded
// later fails here rather than drifting from the specification unnoticed. Tests are not searched: a text
// only a test mentions is not shown to anyone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const list = JSON.parse(readFileSync(join(root, 'docs', 'spec-texts.json'), 'utf8')) as {
  texts: { text: string; spec: string }[];
};

/** Folders that hold no shipped source: dependencies, builds, tests and data folders. */
const SKIPPED = new Set(['node_modules', 'dist', 'e2e', 'test', 'coverage']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// Whitespace collapsed, so a text that a formatter wraps across lines (JSX) is still found.
const source = ['apps', 'packages']
  .flatMap((folder) => sourceFiles(join(root, folder)))
  .map((path) => readFileSync(path, 'utf8').replace(/\s+/g, ' '))
  .join('\n');

/** A `{value}` of the spec is a `${...}` in the source, or the end of a string the value is appended to. */
function specTextPattern(text: string): RegExp {
  const parts = text.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('(?:\\$\\{[^}]*\\}|[\'"`])'));
}

describe('the spec texts brought in verbatim', () => {
  it('lists each text once', () => {
    const texts = list.texts.map((entry) => entry.text);
    expect(texts.length).toBeGreaterThan(0);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it.each(list.texts)('"$text" (spec $spec) is in the source', ({ text }) => {
    expect(source).toMatch(specTextPattern(text));
  });

  it('finds a value in either form, and not a reworded text', () => {
    expect('`User role updated to ${ROLE_LABELS[role]}`').toMatch(specTextPattern('User role updated to {role}'));
    expect('prefix="Error updating role: "').toMatch(specTextPattern('Error updating role: {message}'));
    expect('`${user} is now ${role}`').not.toMatch(specTextPattern('User role updated to {role}'));
  });
});
