import type { StudioWork } from '@taleforge/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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
 * lost here — the edits stay for the creator to redo on the new revision.
 */
export function useWorkDraft(id: number) {
  const queries = useQueryClient();
  const work = useQuery({
    queryKey: workKeys.one(id),
    queryFn: ({ signal }) => request(studioCalls.work, { query: { id }, signal }),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (work.data && !dirty) setDraft(draftOf(work.data));
  }, [work.data, dirty]);

  const save = useMutation({
    mutationFn: async () => {
      if (!work.data || !draft) throw new Error('nothing to save');
      return request(studioCalls.update, {
        body: { id, revision: work.data.revision, ...draft },
      });
    },
    onSuccess: (saved) => {
      setDirty(false);
      accept(saved);
    },
  });

  /** A newer work from any call (save, upload, import): the page shows it from now on. */
  const accept = (saved: StudioWork) => {
    queries.setQueryData(workKeys.one(id), saved);
    if (!dirty) setDraft(draftOf(saved));
    void queries.invalidateQueries({ queryKey: workKeys.list });
  };

  const edit = (change: Partial<Draft>) => {
    setDraft((current) => (current ? { ...current, ...change } : current));
    setDirty(true);
  };

  const discard = () => {
    setDirty(false);
    if (work.data) setDraft(draftOf(work.data));
  };

  return { work, draft, dirty, edit, save, accept, discard };
}

export type WorkDraft = ReturnType<typeof useWorkDraft>;
