/**
 * Which section the tab bar marks while the user scrolls (spec section 2): one at least 30% visible.
 * "Visible" is measured against what can be visible: a section taller than the viewport counts
 * as fully visible when it fills the viewport, otherwise a long agenda could never be active.
 */
export const ACTIVE_SECTION_THRESHOLD = 0.3;

export interface SectionBox {
  id: string;
  top: number;
  bottom: number;
}

export interface Viewport {
  /** Top of the readable area (below the sticky navigation bar). */
  top: number;
  bottom: number;
  /** Scrolled to the end of the page: the last visible section wins (it may never reach the top). */
  atBottom?: boolean;
}

export function visibleRatio(box: SectionBox, viewport: Viewport): number {
  const height = box.bottom - box.top;
  const room = Math.min(height, viewport.bottom - viewport.top);
  if (room <= 0) return 0;
  const visible = Math.min(box.bottom, viewport.bottom) - Math.max(box.top, viewport.top);
  return Math.max(0, visible) / room;
}

/** The active section's id, or null to keep the current one. Boxes come in page order. */
export function pickActiveSection(boxes: readonly SectionBox[], viewport: Viewport, threshold = ACTIVE_SECTION_THRESHOLD): string | null {
  const candidates = boxes.map((box) => ({ id: box.id, ratio: visibleRatio(box, viewport) })).filter((c) => c.ratio >= threshold);
  if (candidates.length === 0) return null;
  if (viewport.atBottom) return candidates[candidates.length - 1]?.id ?? null;
  let best = candidates[0];
  for (const candidate of candidates) {
    if (best && candidate.ratio > best.ratio) best = candidate;
  }
  return best?.id ?? null;
}
