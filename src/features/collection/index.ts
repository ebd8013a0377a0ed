/**
 * What other features use of the collection: the add widget, the scan session that adds what the
 * camera finds, and the counts of copies owned. Everything else in this folder is its own.
 */
export { AddToCollectionButton } from './add/add-to-collection-button.tsx';
export { ScanSessionPanel } from './session/scan-session-panel.tsx';
export { scanSessionMessages } from './session/scan-session-messages.ts';
export { useScanSession, useSessionAdd } from './session/use-scan-session.ts';
export { useSessionBatch, type BatchAdd } from './session/use-session-batch.ts';
export type { ToCheck } from './session/scan-session.ts';
export { ownedInSet, type AddedEntry } from './collection-api.ts';
export { isConfident } from './session/scan-session.ts';
export { collectionMessages } from './collection-messages.ts';
export { useOwnedCounts } from './owned/use-owned-counts.ts';
export { OwnedCount } from './owned/owned-count.tsx';
