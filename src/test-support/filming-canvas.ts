/** A bright card at `card` on a dark table, as a camera stream: redrawn every 33 ms so it keeps sending frames. */
export function filmingCanvas(card: { x: number; y: number; w: number; h: number }): { stream: MediaStream; stop: () => void } {
  const scene = document.createElement('canvas');
  scene.width = 720;
  scene.height = 1000;
  const context = scene.getContext('2d')!;
  let tick = 0;
  const draw = () => {
    context.fillStyle = tick++ % 2 ? '#1e2023' : '#1e2024';
    context.fillRect(0, 0, 720, 1000);
    context.fillStyle = '#e1d7be';
    context.fillRect(card.x, card.y, card.w, card.h);
  };
  draw();
  const redraw = setInterval(draw, 33);
  const stream = scene.captureStream(30);
  return { stream, stop: () => (clearInterval(redraw), stream.getTracks().forEach((track) => track.stop())) };
}
