import { describe, expect, it } from 'vitest';
import { disallowedTextPaths, foreignCharset } from './input-guard.ts';

describe('disallowedTextPaths', () => {
  it('finds NUL and unpaired surrogates in values and keys, and lets paired ones (emoji) through', () => {
    expect(disallowedTextPaths({ a: 'ok 😀', b: ['x', 'y\u0000'], c: { 'k\uD800': 1 }, d: '\uDC00' })).toEqual([
      'd',
      'c.k\uFFFD',
      'b.1',
    ]);
    expect(disallowedTextPaths('\u0000')).toEqual(['_']);
    expect(disallowedTextPaths({ n: 1, t: true, z: null })).toEqual([]);
  });

  it('walks a body nested a million deep without recursion, and shortens the path it reports', () => {
    let body: unknown = 'bottom\u0000';
    for (let i = 0; i < 1_000_000; i++) body = { a: body };
    const [path] = disallowedTextPaths(body);
    expect(path?.split('.')).toHaveLength(33);
    expect(path?.endsWith('.…')).toBe(true);
  });

  it('reports at most ten paths', () => {
    expect(disallowedTextPaths(Array.from({ length: 1000 }, () => '\u0000'))).toHaveLength(10);
  });
});

describe('foreignCharset', () => {
  it('accepts UTF-8 in any spelling and no charset; names any other', () => {
    expect(foreignCharset('application/json')).toBeNull();
    expect(foreignCharset('application/json; charset=UTF-8')).toBeNull();
    expect(foreignCharset('application/json;charset="utf8"')).toBeNull();
    expect(foreignCharset(undefined)).toBeNull();
    expect(foreignCharset('application/json; charset=latin1')).toBe('latin1');
    expect(foreignCharset('application/json; Charset="UTF-16"')).toBe('utf-16');
  });
});
