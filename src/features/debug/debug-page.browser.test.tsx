import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import fixtureModelUrl from '../../../fixtures/models/test-card-detector.onnx?url';
import { renderScreen } from '../../test-support/render-screen.tsx';
import DebugPage from './debug-page.tsx';
import { filmingCanvas } from '../../test-support/filming-canvas.ts';

const renderDebug = (locale?: 'en' | 'fr') => renderScreen({ path: '/debug', locale, routes: [{ path: '/debug', Component: DebugPage }] });
const held = { x: 110, y: 150, w: 500, h: 700 };

beforeEach(async () => {
  await page.viewport(1280, 800);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openDebug() {
  const rendered = await renderDebug();
  await expect.element(page.getByRole('heading', { level: 1, name: 'Model debug' })).toBeVisible();
  // The sliders appear once the engine has answered its first start.
  await expect.element(page.getByRole('slider', { name: 'Input size' }), { timeout: 20_000 }).toBeVisible();
  return rendered;
}

const tab = (name: string) => page.getByRole('tab', { name });
const panel = (name: string) => page.getByRole('tabpanel', { name });

async function loadModel(url: string) {
  const address = page.getByRole('textbox', { name: 'Model address' });
  await address.clear();
  if (url) await address.fill(url);
  await page.getByRole('button', { name: 'Load model' }).click();
  await expect.element(page.getByRole('button', { name: 'Load model' }), { timeout: 20_000 }).toBeEnabled();
}

/** A photo of a bright card on a dark table, as a file the user could pick. */
async function cardPhoto(name = 'card.png'): Promise<File> {
  const canvas = new OffscreenCanvas(720, 1000);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#1e2023';
  context.fillRect(0, 0, 720, 1000);
  context.fillStyle = '#e1d7be';
  context.fillRect(held.x, held.y, held.w, held.h);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return new File([blob], name, { type: 'image/png' });
}

async function upload(...files: File[]) {
  await userEvent.upload(page.getByLabelText('Pick images'), files);
}

describe('Debug page', () => {
  test('three tabs: Camera first, arrow keys and clicks switch the panel', async () => {
    await openDebug();
    const tabs = page.getByRole('tablist', { name: 'Debug views' }).getByRole('tab');
    expect(tabs.elements().map((element) => element.textContent)).toEqual(['Camera', 'Upload', 'Model']);
    await expect.element(tab('Camera')).toHaveAttribute('aria-selected', 'true');
    await expect.element(panel('Camera')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Start camera' })).toBeVisible();

    await tab('Upload').click();
    await expect.element(tab('Upload')).toHaveAttribute('aria-selected', 'true');
    await expect.element(panel('Upload')).toBeVisible();
    expect(panel('Camera').query()).toBeNull();

    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Model')).toHaveAttribute('aria-selected', 'true');
    await expect.element(tab('Model')).toHaveFocus();
    await expect.element(panel('Model')).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Camera')).toHaveAttribute('aria-selected', 'true');
  });

  test('sliders: input size 320-1024 by 32 from 640, confidence and IoU 0-1 by 0.01 from 0.3 and 0.45', async () => {
    await openDebug();
    const expected = [
      ['Input size', '320', '1024', '32', '640'],
      ['Confidence threshold', '0', '1', '0.01', '0.3'],
      ['IoU threshold', '0', '1', '0.01', '0.45'],
    ];
    for (const [name, min, max, step, value] of expected) {
      const slider = page.getByRole('slider', { name });
      await expect.element(slider).toHaveAttribute('min', min);
      await expect.element(slider).toHaveAttribute('max', max);
      await expect.element(slider).toHaveAttribute('step', step);
      await expect.element(slider).toHaveValue(value);
    }
  });

  test('a settings change reaches the running engine without a reload', async () => {
    await openDebug();
    await tab('Model').click();
    const settings = page.getByRole('definition').filter({ hasText: /px$/ });
    await expect.element(settings).toHaveTextContent('640 px');

    // The engine picks the size from its frame times until an administrator chooses one.
    const automatic = page.getByRole('checkbox', { name: 'Choose the input size from frame times (as the scanner does)' });
    await expect.element(automatic).toBeChecked();
    await page.getByRole('slider', { name: 'Input size' }).click();
    await userEvent.keyboard('{End}');
    await expect.element(settings).toHaveTextContent('1024 px');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect.element(settings).toHaveTextContent('960 px');
    await expect.element(automatic).not.toBeChecked();
    await automatic.click();
    await expect.element(automatic).toBeChecked();

    const confidence = page.getByRole('slider', { name: 'Confidence threshold' });
    await confidence.click();
    await userEvent.keyboard('{Home}');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect.element(confidence).toHaveValue('0.02');
    await expect.element(panel('Model').getByText('0.02', { exact: true })).toBeVisible();
  });

  test("an empty model address says 'Model URL is empty'; running without a session says 'Session not loaded'", async () => {
    await openDebug();
    await loadModel('');
    await tab('Model').click();
    await expect.element(panel('Model').getByRole('alert')).toHaveTextContent('Model URL is empty');
    await expect.element(panel('Model').getByText('Session not loaded')).toBeVisible();

    await tab('Upload').click();
    await upload(await cardPhoto());
    await expect.element(panel('Upload').getByRole('alert')).toHaveTextContent('Session not loaded');

    // The basic detector needs no session.
    await panel('Upload').getByRole('button', { name: 'Run the basic detector' }).click();
    await expect.element(panel('Upload').getByRole('region', { name: 'card.png · Basic detector' }).getByRole('img')).toBeVisible();
  });

  test('with the fixture model, an uploaded photo is drawn with the card found where it is', async () => {
    await openDebug();
    await loadModel(fixtureModelUrl);
    await tab('Model').click();
    const model = panel('Model');
    await expect.element(model.getByText(fixtureModelUrl).first()).toBeVisible();
    await expect.element(model.getByRole('table', { name: 'Outputs' })).toHaveTextContent('[1, 5, anchors]');
    await expect.element(model.getByRole('table', { name: 'Inputs' })).toHaveTextContent('float32');
    await expect.element(model.getByText('wasm', { exact: true })).toBeVisible();

    await tab('Upload').click();
    await upload(await cardPhoto('first.png'), await cardPhoto('second.png'));
    const run = panel('Upload').getByRole('region', { name: 'first.png · Model' });
    const picked = run.getByRole('row').filter({ hasText: 'Picked' });
    await expect.element(picked, { timeout: 20_000 }).toBeVisible();
    const box = picked.element().querySelector('.debug-box')!.textContent!.split(', ').map(Number);
    const [x, y, w, h] = box as [number, number, number, number];
    expect(Math.abs(x - held.x)).toBeLessThan(15);
    expect(Math.abs(y - held.y)).toBeLessThan(15);
    expect(Math.abs(x + w - (held.x + held.w))).toBeLessThan(15);
    expect(Math.abs(y + h - (held.y + held.h))).toBeLessThan(15);
    await expect.element(run.getByText('Inference')).toBeVisible();
    // Each frame says the input size it ran at.
    await expect.element(run.getByRole('definition').filter({ hasText: /^640 px$/ })).toBeVisible();

    // The box is drawn in the picked colour over the photo, on its left edge.
    const canvas = run.getByRole('img', { name: 'first.png with its detections' }).element() as HTMLCanvasElement;
    // Polled as a ratio: the canvas has its default size until the photo is drawn.
    await expect.poll(() => canvas.height / canvas.width).toBeCloseTo(1000 / 720, 2);
    const scale = canvas.width / 720;
    const [red, green] = canvas.getContext('2d')!.getImageData(Math.round(x * scale), Math.round((y + h / 2) * scale), 1, 1).data;
    expect(green).toBeGreaterThan(150);
    expect(red).toBeLessThan(100);

    await expect.element(panel('Upload').getByRole('region', { name: 'second.png · Model' }).getByRole('row').filter({ hasText: 'Picked' }), { timeout: 20_000 }).toBeVisible();

    await panel('Upload').getByRole('listitem').filter({ hasText: 'first.png' }).getByRole('button', { name: 'Run the basic detector' }).click();
    // the basic detector's result sits beside the model's, with its own timings
    const basic = panel('Upload').getByRole('region', { name: 'first.png · Basic detector' });
    await expect.element(basic.getByText('Basic detector', { exact: true }).last()).toBeVisible();
    await expect.element(basic.getByRole('img')).toBeVisible();
  });

  test('the live camera shows every detection, the hysteresis state and a rolling timing chart', async () => {
    const { stream, stop } = filmingCanvas(held);
    vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockResolvedValue(stream);
    try {
      await openDebug();
      await loadModel(fixtureModelUrl);
      await page.getByRole('button', { name: 'Start camera' }).click();
      const camera = panel('Camera');
      await expect.element(camera.getByRole('status').filter({ hasText: 'Card detected' }), { timeout: 20_000 }).toBeVisible();
      await expect.element(camera.getByRole('row').filter({ hasText: 'Picked' })).toBeVisible();
      await expect.element(camera.getByText('Hits in a row')).toBeVisible();
      await expect.element(camera.getByRole('img', { name: /^Total time of the last \d+ frames/ })).toBeVisible();
      const overlay = camera.getByRole('group', { name: 'Live camera with detections' }).element().querySelector('canvas')!;
      expect(overlay.width).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Stop camera' }).click();
      expect(stream.getVideoTracks()[0]!.readyState).toBe('ended');
    } finally {
      stop();
    }
  });

  test('French texts', async () => {
    await renderDebug('fr');
    await expect.element(page.getByRole('slider', { name: 'Taille d’entrée' }), { timeout: 20_000 }).toBeVisible();
    await expect.element(page.getByRole('tab', { name: 'Caméra' })).toBeVisible();
    await expect.element(page.getByRole('tab', { name: 'Modèle' })).toBeVisible();
  });
});
