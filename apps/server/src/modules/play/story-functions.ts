/**
 * The EXTERNAL functions the server binds for every story; any other external runs the story's
 * own ink fallback (docs/story-tags.md).
 */
export const BOUND_FUNCTIONS = ['has_item', 'task_done'] as const;
