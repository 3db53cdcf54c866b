/** Content URLs go into href and iframe src: only web addresses (or same-site paths) are used. */
export function safeHttpUrl(value: string | null | undefined, options: { allowRelative?: boolean } = {}): string | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  if (options.allowRelative && raw.startsWith('/') && !raw.startsWith('//')) return raw;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Frames (video, map) only over HTTPS. */
export function safeFrameUrl(value: string | null | undefined): string | undefined {
  const url = safeHttpUrl(value);
  return url?.startsWith('https:') ? url : undefined;
}
