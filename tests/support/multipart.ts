// A multipart/form-data body of one file, as a browser's upload sends it, for Fastify's `inject`.

export function multipart(name: string, content: Buffer, type: string, field = 'file') {
  const boundary = '----vitest-multipart-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(head, 'utf8'),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
