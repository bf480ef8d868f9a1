import { StringStream } from '@codemirror/language';
import { describe, expect, it } from 'vitest';
import { type InkState, inkStreamParser } from './ink-language';

/** Each line's tokens as [text, token type], whitespace and plain text left out. */
function tokens(source: string): [string, string][][] {
  const state = inkStreamParser.startState?.(2) as InkState;
  return source.split('\n').map((line) => {
    const stream = new StringStream(line, 2, 2);
    const out: [string, string][] = [];
    while (!stream.eol()) {
      const type = inkStreamParser.token(stream, state);
      if (type) out.push([stream.current(), type]);
      stream.start = stream.pos;
    }
    return out;
  });
}

describe('ink highlighting', () => {
  it('reads knots, functions and stitches from their headers', () => {
    const [knot, fn, stitch] = tokens('=== harbour ===\n== function add(a, b) ==\n= night');
    expect(knot).toEqual([
      ['===', 'knot'],
      ['harbour', 'knotName'],
      ['===', 'knot'],
    ]);
    expect(fn).toContainEqual(['function', 'keyword']);
    expect(fn).toContainEqual(['add', 'knotName']);
    expect(stitch).toEqual([
      ['=', 'stitch'],
      ['night', 'stitchName'],
    ]);
  });

  it('marks choices, gathers, labels and diverts with their targets', () => {
    const [choice, sticky, gather] = tokens(
      '* * (ask) [Ask] -> harbour.night\n+ Stay\n- - (done) Fine ->->',
    );
    expect(choice).toEqual([
      ['*', 'choice'],
      ['*', 'choice'],
      ['(ask)', 'label'],
      ['->', 'divert'],
      ['harbour.night', 'divertTarget'],
    ]);
    expect(sticky).toEqual([['+', 'choice']]);
    expect(gather).toEqual([
      ['-', 'gather'],
      ['-', 'gather'],
      ['(done)', 'label'],
      ['->->', 'divert'],
    ]);
  });

  it('does not take a dash inside text or a divert for a gather', () => {
    const [text, divert] = tokens('Well - maybe.\n-> END');
    expect(text).toEqual([]);
    expect(divert).toEqual([
      ['->', 'divert'],
      ['END', 'divertTarget'],
    ]);
  });

  it('reads tags to the next hash, and an escaped hash as text', () => {
    const [line, escaped] = tokens('Hello. # speaker: mara #mood: happy\nIssue \\#12 is fixed');
    expect(line).toEqual([
      ['#', 'tagMark'],
      ['speaker: mara ', 'tag'],
      ['#', 'tagMark'],
      ['mood: happy', 'tag'],
    ]);
    expect(escaped).toEqual([]);
  });

  it('reads logic lines and declarations as code', () => {
    const [temp, variable, include, external] = tokens(
      '~ temp gold = gold + 10\nVAR name = "Mara # not a tag"\nINCLUDE chapters/two.ink\nEXTERNAL roll(sides)',
    );
    expect(temp).toEqual([
      ['~', 'logic'],
      ['temp', 'keyword'],
      ['gold', 'variable'],
      ['=', 'operator'],
      ['gold', 'variable'],
      ['+', 'operator'],
      ['10', 'number'],
    ]);
    expect(variable).toEqual([
      ['VAR', 'declaration'],
      ['name', 'variable'],
      ['=', 'operator'],
      ['"Mara # not a tag"', 'string'],
    ]);
    expect(include).toEqual([
      ['INCLUDE', 'declaration'],
      ['chapters/two.ink', 'path'],
    ]);
    expect(external?.[0]).toEqual(['EXTERNAL', 'declaration']);
  });

  it('reads conditions in braces as logic and the text after the colon as text', () => {
    const [line] = tokens('{gold > 5: Rich|Poor} and {name}');
    expect(line).toEqual([
      ['{', 'brace'],
      ['gold', 'variable'],
      ['>', 'operator'],
      ['5', 'number'],
      [':', 'brace'],
      ['|', 'brace'],
      ['}', 'brace'],
      ['{', 'brace'],
      ['name', 'variable'],
      ['}', 'brace'],
    ]);
  });

  it('carries a block comment across lines and ends a line comment at the line end', () => {
    const [open, middle, close, line] = tokens(
      'Text /* start\n# not a tag\nend */ more\nSay // note',
    );
    expect(open).toEqual([['/* start', 'comment']]);
    expect(middle).toEqual([['# not a tag', 'comment']]);
    expect(close).toEqual([['end */', 'comment']]);
    expect(line).toEqual([['// note', 'comment']]);
  });
});
