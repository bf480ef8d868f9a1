/**
 * Works this page has seen listed as series. `/drama/{id}` serves stories and series alike, and
 * a story's first step is asked for before the page knows which it is (play-loader.ts): for an
 * id known to be a series that request is skipped.
 */
const series = new Set<number>();

export const rememberSeries = (id: number) => void series.add(id);
export const isKnownSeries = (id: number) => series.has(id);
