/**
 * The page's own shell and skeleton (index.html, `.boot`) stay until the app's first screen
 * renders into `container`: CSS hides them that moment (`#root:not(:empty) ~ .boot`), and this
 * takes them out of the document right after, before the next frame, so no text of theirs is
 * left for a search of the page or a test to find.
 */
export function removeFirstPaintWhenShown(container: HTMLElement): void {
  const remove = () => {
    if (!container.firstChild) return false;
    for (const boot of document.querySelectorAll('body > .boot')) boot.remove();
    return true;
  };
  if (remove()) return;
  const observer = new MutationObserver(() => {
    if (remove()) observer.disconnect();
  });
  observer.observe(container, { childList: true });
}
