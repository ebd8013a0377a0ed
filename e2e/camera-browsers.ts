import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { writeFakeCameraVideo } from '../fixtures/camera/fake-camera-video.ts';
import { fakeCameraArgs, launchChromium } from './browser-session.ts';

export interface CameraBrowsers {
  /** Its camera shows the scan catalogue's card held up to it. */
  camera: Browser;
  /** No camera: a second collector, or a page that needs none. */
  plain: Browser;
  /** A scratch folder for the file's videos and downloads, removed after its tests. */
  folder: string;
}

/** Started before a test file's tests and closed after them. */
export function cameraAndPlainBrowsers(name: string): CameraBrowsers {
  const cards = inject('scanCards');
  const browsers = { folder: mkdtempSync(join(tmpdir(), `card-lens-${name}-`)) } as CameraBrowsers;
  beforeAll(async () => {
    const video = await writeFakeCameraVideo({ cardImage: cards.inCatalog.imageFile, out: join(browsers.folder, 'in-catalog.y4m'), cardHeightRatio: 0.78 });
    [browsers.camera, browsers.plain] = await Promise.all([launchChromium(fakeCameraArgs(video)), launchChromium()]);
  });
  afterAll(async () => {
    await Promise.all([browsers.camera?.close(), browsers.plain?.close()]);
    rmSync(browsers.folder, { recursive: true, force: true });
  });
  return browsers;
}
