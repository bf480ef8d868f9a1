/**
 * Who reads a public social page: nobody, or a signed-in account. A visitor account (DF_ID)
 * cannot like or write, so what it liked or may delete is known without asking the database.
 */
export interface Viewer {
  userId: number;
  visitor: boolean;
}

/** The account whose likes are worth looking up, if any. */
export const likerOf = (viewer: Viewer | null): number | null =>
  viewer === null || viewer.visitor ? null : viewer.userId;
