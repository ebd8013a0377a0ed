import { atom } from 'jotai';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds before it removes itself; 0 keeps it until dismissed. */
  duration: number;
}

export type NewToast = Omit<Toast, 'id' | 'duration'> & { id?: string; duration?: number };

export const defaultToastDuration = 5000;

export const toastsAtom = atom<Toast[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let sequence = 0;

function cancelTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

export const removeToastAtom = atom(null, (get, set, id: string) => {
  cancelTimer(id);
  set(toastsAtom, get(toastsAtom).filter((toast) => toast.id !== id));
});

/** Adds a toast, or replaces the one with the same id (so 'identifying' can become 'found'); returns its id. */
export const addToastAtom = atom(null, (get, set, input: NewToast): string => {
  const id = input.id ?? `toast-${++sequence}`;
  const toast: Toast = { ...input, id, duration: input.duration ?? defaultToastDuration };
  cancelTimer(id);
  const others = get(toastsAtom).filter((existing) => existing.id !== id);
  set(toastsAtom, [...others, toast]);
  if (toast.duration > 0) {
    timers.set(id, setTimeout(() => set(removeToastAtom, id), toast.duration));
  }
  return id;
});

export const clearToastsAtom = atom(null, (get, set) => {
  for (const toast of get(toastsAtom)) cancelTimer(toast.id);
  set(toastsAtom, []);
});
