// A story process's entry (story-processes.ts): each task runs here, off the event loop.
export { runStoryTask as default } from './tasks.js';
