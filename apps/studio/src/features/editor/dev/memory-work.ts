import { STUDIO_LIMITS } from '@taleforge/contracts';
import { Compiler, CompilerOptions, type Story } from 'inkjs/full';
import type { EditorApi, PreviewResult } from '../editor-api';

// Development only: a work kept in memory, previewed with inkjs in the page, so the editor can be
// seen in a browser without a server. The studio runs the server's preview instead.

function knotsOf(story: Story): string[] {
  const named = story.mainContentContainer.namedContent;
  return [...named.keys()].filter((name) => !name.startsWith('global'));
}

export function memoryWork(sources: Record<string, string>, main: string): EditorApi {
  const files = new Map(Object.entries(sources));
  let revision = 0;
  return {
    loadFile: async (path) => ({ path, source: files.get(path) ?? '' }),
    saveFile: async (path, source) => {
      const others = [...files].filter(([p]) => p !== path).map(([, s]) => s);
      const bytes = new TextEncoder().encode(others.join('') + source).length;
      if (bytes > STUDIO_LIMITS.sourcesMaxBytes)
        throw new Error('The work’s sources are over 5 MB');
      files.set(path, source);
      return { path, size: source.length, revision: ++revision };
    },
    deleteFile: async (path) => {
      files.delete(path);
      return { revision: ++revision };
    },
    // No server here: the worker's compile is the whole check.
    check: async () => [],
    preview: async ({ knot, choices = [] }): Promise<PreviewResult> => {
      const options = new CompilerOptions(main, [], false, null, {
        ResolveInkFilename: (name: string) => name,
        LoadInkFileContents: (name: string) => files.get(name) ?? '',
      });
      const story = new Compiler(files.get(main) ?? '', options).Compile();
      if (knot) story.ChoosePathString(knot);
      const lines: PreviewResult['lines'] = [];
      const read = () => {
        lines.length = 0;
        while (story.canContinue) {
          const text = story.Continue() ?? '';
          lines.push({ text: text.trim(), tags: story.currentTags ?? [] });
        }
      };
      read();
      for (const index of choices) {
        story.ChooseChoiceIndex(index);
        read();
      }
      const variables: Record<string, unknown> = {};
      for (const source of files.values())
        for (const [, name = ''] of source.matchAll(/^\s*VAR\s+(\w+)/gm))
          variables[name] = story.variablesState.$(name);
      return {
        lines,
        choices: story.currentChoices.map((c) => ({ index: c.index, text: c.text })),
        ended: story.currentChoices.length === 0,
        knots: knotsOf(story),
        variables,
        path: story.state.currentPathString,
      };
    },
  };
}
