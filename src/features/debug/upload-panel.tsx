import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import type { EngineStatus, FrameResult } from '../../../engine/api.ts';
import { debugMessages as m } from './debug-messages.ts';
import type { DebugEngine } from './use-debug-engine.ts';
import { UploadResult, type UploadImage, type UploadRun } from './upload-result.tsx';

let nextId = 0;

/** Images dropped or picked by the user, each run through the page's engine and drawn with what it found. */
export function UploadPanel({ engine, status }: { engine: DebugEngine; status: EngineStatus }) {
  const intl = useIntl();
  const inputId = useId();
  const [images, setImages] = useState<UploadImage[]>([]);
  const [dragging, setDragging] = useState(false);
  const imagesRef = useRef(images);
  imagesRef.current = images;
  const hasSession = status.model !== null;
  const { detect } = engine;

  useEffect(() => () => imagesRef.current.forEach((image) => image.preview?.close()), []);

  const setRun = useCallback((id: number, kind: 'model' | 'basic', run: UploadRun) => {
    setImages((current) => current.map((image) => (image.id === id ? { ...image, [kind]: run } : image)));
  }, []);

  const run = useCallback(
    async (image: Pick<UploadImage, 'id' | 'file'>, kind: 'model' | 'basic') => {
      if (kind === 'model' && !hasSession) {
        setRun(image.id, kind, { state: 'error', message: intl.formatMessage(m.errorSessionNotLoaded) });
        return;
      }
      setRun(image.id, kind, { state: 'running' });
      try {
        // The engine takes the bitmap over, so every run gets its own copy of the file's pixels.
        const frame = await createImageBitmap(image.file);
        const result: FrameResult = await detect(frame, { detector: kind === 'basic' ? 'basic' : 'auto' });
        setRun(image.id, kind, { state: 'done', result });
      } catch (error) {
        console.warn('Debug run failed:', error);
        setRun(image.id, kind, { state: 'error', message: intl.formatMessage(m.uploadUnreadable) });
      }
    },
    [detect, hasSession, intl, setRun],
  );

  const add = useCallback(
    async (files: File[]) => {
      const added = files.filter((file) => file.type === '' || file.type.startsWith('image/'));
      const fresh: UploadImage[] = await Promise.all(
        added.map(async (file) => {
          const preview = await createImageBitmap(file).catch(() => null);
          return { id: (nextId += 1), file, name: file.name, preview, model: preview ? { state: 'running' } : { state: 'error', message: intl.formatMessage(m.uploadUnreadable) }, basic: null };
        }),
      );
      setImages((current) => [...fresh, ...current]);
      // One after the other: the engine runs frames in order anyway, and results then appear as they finish.
      for (const image of fresh) if (image.preview) await run(image, 'model');
    },
    [intl, run],
  );

  const remove = (id: number) => {
    setImages((current) => {
      current.find((image) => image.id === id)?.preview?.close();
      return current.filter((image) => image.id !== id);
    });
  };

  const clear = () => {
    images.forEach((image) => image.preview?.close());
    setImages([]);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void add([...event.dataTransfer.files]);
  };

  return (
    <div className="debug-stack">
      <div
        className={dragging ? 'debug-dropzone debug-dropzone-active' : 'debug-dropzone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="debug-dropzone-title">{intl.formatMessage(m.uploadDrop)}</p>
        <label htmlFor={inputId} className="button">
          {intl.formatMessage(m.uploadPick)}
        </label>
        <input
          id={inputId}
          className="debug-file-input"
          type="file"
          accept="image/*"
          multiple
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void add(files);
          }}
        />
        <p className="debug-muted">{intl.formatMessage(m.uploadHint)}</p>
      </div>
      {images.length > 0 && (
        <div className="debug-actions">
          <button type="button" className="button secondary" onClick={clear}>
            {intl.formatMessage(m.uploadClear)}
          </button>
        </div>
      )}
      <ul className="debug-uploads">
        {images.map((image) => (
          <UploadResult key={image.id} image={image} onRun={(kind) => void run(image, kind)} onRemove={() => remove(image.id)} />
        ))}
      </ul>
    </div>
  );
}
