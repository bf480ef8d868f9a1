import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { decodeText, notTwee, unreadable } from '../import-error.js';
import type { ImportedStory } from '../import-result.js';
import { workFileName } from '../ink-source.js';
import type { Assignment, Node } from './body.js';
import { INK_WORDS, inkVariable } from './expressions.js';
import { escapeInk, knotNames } from './ink-text.js';
import { BodyParser } from './parse-body.js';
import { type Passage, parseTwee } from './passages.js';

/** Passages that run the story format rather than tell the story: listed, not converted. */
const FORMAT_PASSAGES =
  /^(StoryCaption|StoryMenu|StoryBanner|StorySubtitle|StoryAuthor|StoryInterface|StoryShare|PassageReady|PassageDone|PassageHeader|PassageFooter|StoryReady)$/;
const FORMAT_TAGS = [
  'script',
  'stylesheet',
  'widget',
  'header',
  'footer',
  'debug-header',
  'debug-footer',
];
const isInit = (p: Passage) => p.name === 'StoryInit' || p.tags.includes('startup');

interface Link {
  label: string;
  target: string;
  conds: string[];
}

/**
 * Twee 3 → one ink file. Each passage becomes a knot, each link a sticky choice at the end of it
 * (Twine lets a player follow a link as often as they pass it), guarded by the conditions it sat
 * under. Variables become VARs (their StoryInit value, else 0, "" or false by what is assigned).
 * Every macro that is not a plain `set`/`if` stays in the file as a comment and in `unconverted`.
 */
export function importTwee(bytes: Uint8Array, uploadName = 'story.twee'): ImportedStory {
  if (bytes.length > STUDIO_LIMITS.tweeMaxBytes) throw unreadable(`${uploadName}: over 1 MB`);
  const story = parseTwee(decodeText(bytes, uploadName));
  const long = story.passages.find((p) => p.text.length > STUDIO_LIMITS.tweePassageMaxChars);
  if (long) throw unreadable(`${long.name}: over 32 KB`);
  const unconverted: ImportedStory['unconverted'] = [];
  const temps = new Set(
    story.passages.flatMap((p) =>
      [...p.text.matchAll(/\(set:\s*(_[A-Za-z]\w*)/g)].map((m) => m[1]!),
    ),
  );
  const playable: Passage[] = [];
  const init: Passage[] = [];
  for (const p of story.passages) {
    if (FORMAT_PASSAGES.test(p.name) || p.tags.some((t) => FORMAT_TAGS.includes(t)))
      unconverted.push({
        where: p.name,
        what: `special passage (${p.tags.join(' ') || p.name}), not converted`,
      });
    else if (isInit(p)) init.push(p);
    else playable.push(p);
  }
  if (playable.length === 0) throw notTwee('no passage of the story itself');
  const bodies = new Map(playable.map((p) => [p.name, new BodyParser(p.text, temps).nodes()]));
  const vars = new Map<string, { kind: Assignment['kind']; start: string | null }>();
  const note = (a: Assignment, start: string | null) => {
    const name = inkVariable(a.variable);
    const known = vars.get(name);
    if (!known) vars.set(name, { kind: a.kind, start });
    else if (known.start === null && start !== null) known.start = start;
  };
  const initLines: string[] = [];
  for (const p of init) {
    for (const node of new BodyParser(p.text, temps).nodes()) {
      if (node.t === 'set')
        for (const a of node.assign) {
          if (a.literal && !vars.has(inkVariable(a.variable))) note(a, a.ink);
          else {
            note(a, null);
            initLines.push(`~ ${inkVariable(a.variable)} = ${a.ink}`);
          }
        }
      else if (node.t !== 'text' || node.s.trim())
        unconverted.push({
          where: p.name,
          what: node.t === 'skip' ? node.raw : 'text in a startup passage',
        });
    }
  }
  for (const body of bodies.values())
    walk(body, (n) => {
      if (n.t === 'set') for (const a of n.assign) note(a, null);
    });
  // ink needs every variable declared: one read (shown, tested) but never set starts at 0.
  for (const p of playable)
    for (const [v] of p.text.matchAll(/\$[A-Za-z_]\w*|_[A-Za-z]\w*/g))
      if ((v.startsWith('$') || temps.has(v)) && !vars.has(inkVariable(v)))
        vars.set(inkVariable(v), { kind: 'number', start: null });
  const knots = knotNames([...bodies.keys()], new Set(vars.keys()), INK_WORDS);
  const start =
    (story.start && bodies.has(story.start) && story.start) ||
    (bodies.has('Start') ? 'Start' : playable[0]!.name);

  const out: string[] = [];
  if (story.title) out.push(`// ${story.title.replace(/\n/g, ' ')}, converted from Twee`);
  for (const [name, v] of vars)
    out.push(`VAR ${name} = ${v.start ?? { number: '0', string: '""', boolean: 'false' }[v.kind]}`);
  out.push('', ...initLines, `-> ${knots.get(start)}`);
  for (const [name, body] of bodies) {
    const links: Link[] = [];
    const lines: string[] = [];
    render(body, [], lines, links, (what) => unconverted.push({ where: name, what }));
    out.push('', `=== ${knots.get(name)} ===`, ...lines);
    for (const link of links) {
      const target = knots.get(link.target.trim());
      if (!target) {
        unconverted.push({
          where: name,
          what: `link to a passage that does not exist: [[${link.label}->${link.target}]]`,
        });
        continue;
      }
      const guard = link.conds.map((c) => `{${c}} `).join('');
      out.push(`+ ${guard}[${escapeInk(link.label.trim()) || target}] -> ${target}`);
    }
    const open = links.some((l) => l.conds.length === 0 && knots.has(l.target.trim()));
    // With no link at all, or none that is always there, the passage is an ending.
    out.push(links.length === 0 ? '-> END' : open ? '' : '+ -> END');
  }
  const file = workFileName(
    uploadName
      .replace(/\.(twee|tw)$/i, '')
      .split(/[\\/]/)
      .pop() ?? 'story',
  );
  return {
    files: [{ path: file, source: `${out.join('\n').trim()}\n` }],
    chapters: [{ title: story.title ?? file.replace(/\.ink$/, ''), file }],
    ...(story.title ? { title: story.title } : {}),
    unconverted,
  };
}

function walk(nodes: Node[], visit: (n: Node) => unknown) {
  for (const n of nodes) {
    visit(n);
    if (n.t === 'if') for (const b of n.branches) walk(b.body, visit);
  }
}

/** Writes nodes as ink lines; links are collected with the conditions they are under. */
function render(
  nodes: Node[],
  conds: string[],
  lines: string[],
  links: Link[],
  skip: (what: string) => void,
) {
  let line = '';
  let prose = false;
  const flush = () => {
    if (prose && line.trim()) lines.push(line.trim());
    line = '';
    prose = false;
  };
  for (const node of nodes) {
    if (node.t === 'text') {
      const parts = node.s.split('\n');
      parts.forEach((part, i) => {
        if (i > 0) flush();
        line += escapeInk(part);
        if (part.trim()) prose = true;
      });
    } else if (node.t === 'print') {
      line += `{${node.ink}}`;
      prose = true;
    } else if (node.t === 'link') {
      // A link alone on its line is only a choice; inside a sentence its words stay in the text.
      line += escapeInk(node.label);
      links.push({ label: node.label, target: node.target, conds: [...conds] });
    } else if (node.t === 'set') {
      flush();
      for (const a of node.assign) lines.push(`~ ${inkVariable(a.variable)} = ${a.ink}`);
    } else if (node.t === 'skip') {
      flush();
      skip(node.raw);
      lines.push(`// not converted: ${node.raw.replace(/\s+/g, ' ').slice(0, 200)}`);
    } else {
      flush();
      lines.push('{');
      const earlier: string[] = [];
      for (const branch of node.branches) {
        const here = branch.cond === null ? [] : [branch.cond];
        const guard = [...earlier.map((c) => `not (${c})`), ...here].join(' and ');
        lines.push(branch.cond === null ? '- else:' : `- ${branch.cond}:`);
        const inner: string[] = [];
        render(branch.body, guard ? [...conds, guard] : conds, inner, links, skip);
        lines.push(...inner.map((l) => `  ${l}`));
        if (branch.cond !== null) earlier.push(branch.cond);
      }
      lines.push('}');
    }
  }
  flush();
}
