/**
 * Said on window each time the app changed the collection (an add, a change, a removal, an import),
 * so what shows owned counts elsewhere reads them again.
 */
export const collectionChangedEvent = 'card-lens:collection-changed';

export function announceCollectionChanged(): void {
  window.dispatchEvent(new Event(collectionChangedEvent));
}

/** Passes a write's answer through, announcing the change once it succeeded. */
export async function announcing<T>(write: Promise<T>): Promise<T> {
  const answer = await write;
  announceCollectionChanged();
  return answer;
}
