import type {
  NpcStatus,
  PlayerState,
  Stats,
  StoryView,
} from '../../platform/db/schema/save-state.js';

export const MAX_HEALTH = 100;
export const MAX_MAGIC = 100;

export function newPlayerState(): PlayerState {
  const stats: Stats = { experience: 0, health: MAX_HEALTH, magic: 50, stars: 0, defence: 0 };
  return {
    stats,
    inventory: {},
    tasks: {},
    npcs: {},
    scene: null,
    chapterStart: { stats: { ...stats }, inventory: {}, tasksDone: [] },
  };
}

export function newNpcStatus(): NpcStatus {
  return { health: 100, magic: 50, experience: 0 };
}

export function emptyView(): StoryView {
  return {
    lines: [],
    choices: [],
    minigame: null,
    outcome: null,
    conversation: null,
    chapterEnded: false,
    summary: null,
  };
}
