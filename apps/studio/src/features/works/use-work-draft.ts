import type { StudioWork } from '@taleforge/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { request } from '../../shared/api';
import { studioCalls, workKeys } from './works-api';

/** The parts of a work its page edits and saves together. */
export type Draft = Pick<
  StudioWork,
  | 'title'
  | 'description'
  | 'script_type'
  | 'tags'
  | 'characters'
  | 'chapters'
  | 'tasks'
  | 'minigames'
>;

const draftOf = (work: StudioWork): Draft => ({
  title: work.title,
  description: work.description,
  script_type: work.script_type,
  tags: work.tags,
  characters: work.characters,
  chapters: work.chapters,
  tasks: work.tasks,
  minigames: work.minigames,
});

/**
 * The work as saved and the creator's edits on top of it. A save names the revision the edits were
 * made on: if the work changed meanwhile (another tab) the server refuses (6511) and nothing is
 * lost here — the edits stay for the creator to redo on the new revision. Edits made while a save
 * is on its way stay too: only the edits that save carried count as saved.
 */
export function useWorkDraft(id: number) {
  const queries = useQueryClient();
  const work = useQuery({
    queryKey: workKeys.one(id),
    queryFn: ({ signal }) => request(studioCalls.work, { query: { id }, signal }),
  });
  const [edited, setEdited] = useState<Draft | null>(null);
  // Counts edits, so a save that returns knows whether the creator typed on meanwhile.
  const edits = useRef(0);
  const dirty = edited !== null;
  const draft = edited ?? (work.data ? draftOf(work.data) : null);

  /** A newer work from any call (save, upload, import): the page shows it from now on. */
  const accept = (saved: StudioWork) => {
    queries.setQueryData(workKeys.one(id), saved);
    void queries.invalidateQueries({ queryKey: workKeys.list });
  };

  const save = useMutation({
    mutationFn: async () => {
      if (!work.data || !draft) throw new Error('nothing to save');
      const carried = edits.current;
      const saved = await request(studioCalls.update, {
        body: { id, revision: work.data.revision, ...draft },
      });
      return { saved, carried };
    },
    onSuccess: ({ saved, carried }) => {
      if (edits.current === carried) setEdited(null);
      accept(saved);
    },
  });

  const edit = (change: Partial<Draft>) => {
    edits.current += 1;
    setEdited((current) => ({ ...(current ?? draft!), ...change }));
  };

  const discard = () => {
    edits.current += 1;
    setEdited(null);
  };

  return { work, draft, dirty, edit, save, accept, discard };
}

export type WorkDraft = ReturnType<typeof useWorkDraft>;
