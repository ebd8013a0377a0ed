import { afterEach, expect, test } from 'vitest';
import { cleanup, render } from 'vitest-browser-react';
import { readinessOf } from './identify-status.ts';
import { useIdentifyStatus, type IdentifyStatusPolls } from './use-identify-status.ts';

// The test API cannot download card images (scripts/browser-test-api.ts), as a server without
// internet: its status stays unavailable and the screen keeps asking.
const quickPolls: IdentifyStatusPolls = { learningMs: 40, unavailableMs: 40 };
const statusRequests = () => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/v1/vision/status')).length;

performance.setResourceTimingBufferSize(10_000);
let renders = 0;
function StatusProbe() {
  renders += 1;
  const { status } = useIdentifyStatus(quickPolls);
  return <p>{status === null ? 'asking' : readinessOf(status)}</p>;
}

afterEach(() => cleanup());

test('asks the server again while identification is unavailable, without rendering the screen again for the same answer', async () => {
  const screen = await render(<StatusProbe />);
  await expect.element(screen.getByText('images-unavailable')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const rendersBefore = renders;
  const requestsBefore = statusRequests();
  await expect.poll(statusRequests).toBeGreaterThanOrEqual(requestsBefore + 5);
  expect(renders).toBe(rendersBefore);
});
