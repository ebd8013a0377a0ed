/** How many frames the timing chart keeps: about two seconds of camera at 30 fps. */
export const historyLength = 60;

/** Appends value and keeps only the newest limit entries, without changing the given list. */
export function pushHistory(history: readonly number[], value: number, limit = historyLength): number[] {
  const next = [...history, value];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** SVG polyline points for values drawn left to right in a width x height box, 0 at the bottom, max at the top. */
export function sparklinePoints(values: readonly number[], width: number, height: number, max: number): string {
  if (values.length === 0 || max <= 0) return '';
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((value, index) => {
      const y = height - (Math.min(value, max) / max) * height;
      return `${round(index * step)},${round(y)}`;
    })
    .join(' ');
}

const round = (value: number) => Math.round(value * 10) / 10;
