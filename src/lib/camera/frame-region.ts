/** The on-screen card frame (spec section 9): 82% of the view's width, card-shaped (width/height 0.7), centred. */
export const cardFrame = { widthRatio: 0.82, aspect: 0.7 } as const;

/** A centred frame: its width as a share of the view's, and its width over its height. */
export interface FrameShape {
  widthRatio: number;
  aspect: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The card frame in view (CSS) pixels. */
export function frameInView(view: Size, frame: FrameShape = cardFrame): Region {
  const width = view.width * frame.widthRatio;
  const height = width / frame.aspect;
  return { x: (view.width - width) / 2, y: (view.height - height) / 2, width, height };
}

/**
 * The part of the video behind the card frame, in the video's own pixels, for a video shown with
 * `object-fit: cover`. Clamped to the video, rounded to whole pixels; null before the video has a size.
 */
export function frameInVideo(video: Size, view: Size, frame: FrameShape = cardFrame): Region | null {
  if (video.width <= 0 || video.height <= 0 || view.width <= 0 || view.height <= 0) return null;
  const scale = Math.max(view.width / video.width, view.height / video.height);
  const offsetX = (view.width - video.width * scale) / 2;
  const offsetY = (view.height - video.height * scale) / 2;
  const inView = frameInView(view, frame);
  const left = Math.max(0, (inView.x - offsetX) / scale);
  const top = Math.max(0, (inView.y - offsetY) / scale);
  const right = Math.min(video.width, (inView.x + inView.width - offsetX) / scale);
  const bottom = Math.min(video.height, (inView.y + inView.height - offsetY) / scale);
  const x = Math.round(left);
  const y = Math.round(top);
  return { x, y, width: Math.round(right) - x, height: Math.round(bottom) - y };
}

/** The whole part of the video the view shows (`object-fit: cover` crops the rest), in the video's pixels. */
export function viewInVideo(video: Size, view: Size): Region | null {
  if (view.width <= 0 || view.height <= 0) return null;
  return frameInVideo(video, view, { widthRatio: 1, aspect: view.width / view.height });
}
