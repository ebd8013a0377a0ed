import { useLayoutEffect, type RefObject } from 'react';

/** Room left under the capture controls, in px: the page's own bottom padding. */
const bottomGap = 16;

/**
 * Keeps the camera, its card frame and the capture controls on the first screen whatever sits above
 * them (the header, the title, a note that identification is getting ready, which wraps on a
 * phone): sets `--scan-chrome`, the height of everything but the camera, from where the scanner
 * starts and how tall its controls are. Neither depends on the camera's size, so setting it is stable.
 */
export function useScannerFit(headRef: RefObject<HTMLElement | null>, scannerRef: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const head = headRef.current;
    const scanner = scannerRef.current;
    if (!head || !scanner) return;
    const fit = () => {
      const above = scanner.getBoundingClientRect().top + window.scrollY;
      const controls = scanner.querySelector('.capture-controls');
      const below = controls ? controls.getBoundingClientRect().bottom - scanner.querySelector('.camera-view')!.getBoundingClientRect().bottom : 0;
      scanner.style.setProperty('--scan-chrome', `${Math.ceil(above + below + bottomGap)}px`);
    };
    fit();
    const observer = new ResizeObserver(fit);
    // What is above the scanner and its controls change height as their texts change; the camera's size is not watched.
    for (const element of [head, scanner.querySelector('.capture-controls')]) if (element) observer.observe(element);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [headRef, scannerRef]);
}
