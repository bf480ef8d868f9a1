import { StreamLanguage, type StreamParser, type StringStream } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

/** Where the tokenizer is inside a line (and across lines, for block comments and `{…}`). */
export interface InkState {
  blockComment: boolean;
  /** Open `{` not yet closed; ink's multi-line conditionals span lines. */
  braces: number;
  /** After `:` or `|` inside braces the text is story text, not logic. */
  braceText: boolean;
  /** At the start of a line, where choice/gather markers and declarations may appear. */
  lineStart: boolean;
  logicLine: boolean;
  tag: boolean;
  include: boolean;
  header: 'knot' | 'stitch' | null;
  divert: boolean;
}

const LOGIC_WORDS = /^(?:not|and|or|true|false|return|temp|function|else|ref|mod|has|hasnt|is)\b/;
const OPERATOR = /^(?:==|!=|<=|>=|&&|\|\||\+\+|--|[-+*/%=<>!?^])/;
const TEXT_STOP = /[{}#\\\-<|:/]/;

function readString(stream: StringStream): string {
  while (!stream.eol()) {
    const ch = stream.next();
    if (ch === '\\') stream.next();
    else if (ch === '"') break;
  }
  return 'string';
}

function headerToken(stream: StringStream, state: InkState): string | null {
  const kind = state.header ?? 'knot';
  if (stream.match(/^=+/)) return kind;
  if (stream.match(/^function\b/)) return 'keyword';
  if (stream.match(/^[\p{L}_][\p{L}\p{N}_]*/u)) return `${kind}Name`;
  if (stream.match(/^[(),]/)) return 'brace';
  if (stream.match(/^(?:ref\b|->)/)) return 'keyword';
  stream.next();
  return null;
}

function lineStartToken(stream: StringStream, state: InkState): string | null {
  if (stream.match(/^={2,}/)) {
    state.header = 'knot';
    return 'knot';
  }
  if (stream.match(/^=(?!=)/)) {
    state.header = 'stitch';
    return 'stitch';
  }
  if (stream.match(/^[*+]/)) return 'choice';
  if (stream.match(/^-(?!>)/)) return 'gather';
  if (stream.match(/^\(\s*[\p{L}\p{N}_]+\s*\)/u)) return 'label';
  state.lineStart = false;
  if (stream.match('~')) {
    state.logicLine = true;
    return 'logic';
  }
  if (stream.match(/^(?:VAR|CONST|LIST|EXTERNAL)\b/)) {
    state.logicLine = true;
    return 'declaration';
  }
  if (stream.match(/^INCLUDE\b/)) {
    state.include = true;
    return 'declaration';
  }
  if (stream.match(/^TODO\b/)) {
    stream.skipToEnd();
    return 'comment';
  }
  return null;
}

function logicToken(stream: StringStream, state: InkState): string | null {
  if (stream.eat('"')) return readString(stream);
  if (stream.match(/^\d+(?:\.\d+)?/)) return 'number';
  if (stream.match(LOGIC_WORDS)) return 'keyword';
  if (stream.match(/^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}\p{N}_]+)*/u)) return 'variable';
  if (state.braces > 0 && !state.logicLine && stream.match(/^[:|]/)) {
    state.braceText = true;
    return 'brace';
  }
  if (stream.match(OPERATOR)) return 'operator';
  stream.next();
  return null;
}

function token(stream: StringStream, state: InkState): string | null {
  if (stream.sol()) {
    Object.assign(state, { lineStart: true, logicLine: false, tag: false, include: false });
    Object.assign(state, { header: null, divert: false });
  }
  if (state.blockComment || stream.match('/*')) {
    state.blockComment = true;
    if (stream.skipTo('*/')) {
      stream.match('*/');
      state.blockComment = false;
    } else stream.skipToEnd();
    return 'comment';
  }
  if (stream.eatSpace()) return null;
  if (stream.match('//')) {
    stream.skipToEnd();
    return 'comment';
  }
  if (state.include) {
    stream.skipToEnd();
    return 'path';
  }
  if (state.tag) {
    while (!stream.eol() && stream.peek() !== '#' && !stream.match('//', false)) {
      if (stream.next() === '\\') stream.next();
    }
    state.tag = false;
    return 'tag';
  }
  if (state.header) return headerToken(stream, state);
  if (state.lineStart) {
    const marker = lineStartToken(stream, state);
    if (marker) return marker;
  }
  if (stream.match(/^(?:->->|->|<-)/)) {
    state.divert = true;
    return 'divert';
  }
  if (state.divert) {
    state.divert = false;
    if (stream.match(/^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}\p{N}_]+)*/u)) return 'divertTarget';
  }
  if (stream.match('<>')) return 'glue';
  if (stream.eat('\\')) {
    stream.next();
    return null;
  }
  if (stream.eat('{')) {
    state.braces += 1;
    state.braceText = /^[&~!]/.test(stream.string.slice(stream.pos));
    return 'brace';
  }
  if (state.braces > 0 && stream.eat('}')) {
    state.braces -= 1;
    state.braceText = state.braces > 0;
    return 'brace';
  }
  if (state.braces > 0 && state.braceText && stream.eat('|')) return 'brace';
  if (state.logicLine || (state.braces > 0 && !state.braceText)) return logicToken(stream, state);
  if (stream.eat('#')) {
    state.tag = true;
    return 'tagMark';
  }
  stream.next();
  while (!stream.eol() && !TEXT_STOP.test(stream.peek() ?? '')) stream.next();
  return null;
}

export const inkStreamParser: StreamParser<InkState> = {
  name: 'ink',
  startState: () => ({
    blockComment: false,
    braces: 0,
    braceText: false,
    lineStart: true,
    logicLine: false,
    tag: false,
    include: false,
    header: null,
    divert: false,
  }),
  copyState: (state) => ({ ...state }),
  token,
  languageData: { commentTokens: { line: '//', block: { open: '/*', close: '*/' } } },
  tokenTable: {
    knot: t.heading,
    knotName: t.heading,
    stitch: t.labelName,
    stitchName: t.labelName,
    choice: t.controlKeyword,
    gather: t.controlOperator,
    label: t.labelName,
    divert: t.operatorKeyword,
    divertTarget: t.link,
    glue: t.special(t.operator),
    tagMark: t.meta,
    tag: t.meta,
    logic: t.processingInstruction,
    declaration: t.definitionKeyword,
    path: t.string,
    keyword: t.keyword,
    string: t.string,
    number: t.number,
    variable: t.variableName,
    operator: t.operator,
    brace: t.brace,
    comment: t.comment,
  },
};

export const inkLanguage = StreamLanguage.define(inkStreamParser);
