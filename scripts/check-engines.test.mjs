import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findEngineOffenders } from './check-engines.mjs';

const ours = '^20.19.0 || ^22.13.0 || ^24.0.0';
const lockOf = (packages) => ({ packages: { '': { name: 'taleforge' }, ...packages } });

describe('the engines check', () => {
  it('names a package that wants a newer Node than ours admits', () => {
    const lock = lockOf({
      'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
      'node_modules/vite': { version: '8.3.8', engines: { node: '^20.19.0 || >=22.12.0' } },
    });
    expect(findEngineOffenders(ours, lock)).toEqual(['cookie@2.0.2: node >=22']);
  });

  it('names a package that leaves out a line we admit', () => {
    const lock = lockOf({
      'node_modules/a/node_modules/b': { version: '1.0.0', engines: { node: '^20.19 || ^22.12' } },
    });
    expect(findEngineOffenders(ours, lock)).toEqual(['b@1.0.0: node ^20.19 || ^22.12']);
  });

  it('passes packages with no or free-text engines', () => {
    const lock = lockOf({
      'node_modules/old': { version: '0.1.0', engines: ['node >= 0.8'] },
      'node_modules/none': { version: '1.0.0' },
    });
    expect(findEngineOffenders(ours, lock)).toEqual([]);
  });

  it('passes this repository’s lockfile', () => {
    const read = (file) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
    expect(
      findEngineOffenders(read('package.json').engines.node, read('package-lock.json')),
    ).toEqual([]);
  });
});
