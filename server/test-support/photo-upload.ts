/** A photo as the app posts it: a multipart form with the image in one file field. */
export function photoUpload(bytes: Buffer, field = 'file', filename = 'photo.jpg'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----cardlens' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
