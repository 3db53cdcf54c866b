/** A chosen file's bytes, read with FileReader, which every browser and jsdom provide. */
function readFileBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result instanceof ArrayBuffer ? resolve(reader.result) : reject(new Error('The file could not be read.')));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file);
  });
}

/** The file is not UTF-8 text (e.g. an Excel "CSV" saved in a legacy code page). */
export class NotUtf8Error extends Error {
  constructor() {
    super('The file is not UTF-8 text. Save it as "CSV UTF-8" (in Excel: File > Save As > "CSV UTF-8 (Comma delimited)") and choose it again.');
  }
}

/**
 * A chosen file's text, decoded strictly as UTF-8: a file in another encoding is refused
 * (NotUtf8Error) instead of read with replacement characters, as the server refuses it too.
 */
export async function readFileText(file: Blob): Promise<string> {
  const bytes = await readFileBytes(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new NotUtf8Error();
  }
}
