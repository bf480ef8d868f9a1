/**
 * What the router shows while the first screen's code and data load: nothing of its own. The page
 * the server sent already draws the shell and a skeleton of that screen (index.html, `.boot`),
 * which stays in view while #root is empty and goes the moment the first screen renders into it,
 * so a first visit never flashes a bare logo or a blank page between the two.
 */
export function FirstPaintFallback() {
  return null;
}
