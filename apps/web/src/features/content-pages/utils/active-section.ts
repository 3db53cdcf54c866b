/**
 * Which section the tab bar marks while the user scrolls. section 2 of docs/design/web-rules.md: "The active tab follows the
 * section at least 30% visible" (docs/design/web-rules.md, section 9: "Active section threshold 0.3"): a section becomes the
 * active one when it comes to be at least 30 % in view, as an IntersectionObserver with threshold 0.3
 * reports it; a section that merely stays in view, however much of it, changes nothing (letting
 * the most visible section win made the mark jump while the user read). When several come into view at once (a jump), the
 * first in page order wins (the one jumped to), or at the end of the page the last (it may never
 * reach the top).
 * "Visible" is measured against what can be visible: a section taller than the viewport counts as
 * fully visible when it fills the viewport, otherwise a long agenda could never be active.
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
  /** Scrolled to the end of the page. */
  atBottom?: boolean;
}

export function visibleRatio(box: SectionBox, viewport: Viewport): number {
  const height = box.bottom - box.top;
  const room = Math.min(height, viewport.bottom - viewport.top);
  if (room <= 0) return 0;
  const visible = Math.min(box.bottom, viewport.bottom) - Math.max(box.top, viewport.top);
  return Math.max(0, visible) / room;
}

/** The sections (ids, in page order) at least `threshold` in view. */
export function sectionsInView(boxes: readonly SectionBox[], viewport: Viewport, threshold = ACTIVE_SECTION_THRESHOLD): string[] {
  return boxes.filter((box) => visibleRatio(box, viewport) >= threshold).map((box) => box.id);
}

export interface ActiveSectionPick {
  /** The section that became active, or null to keep the current one. */
  active: string | null;
  /** The sections now at least 30 % in view: the next pick's `wasInView`. */
  inView: ReadonlySet<string>;
}

/**
 * The section that came to be at least 30 % in view since the last measure (`wasInView`), or null.
 * Boxes come in page order.
 */
export function pickActiveSection(
  boxes: readonly SectionBox[],
  viewport: Viewport,
  wasInView: ReadonlySet<string>,
  threshold = ACTIVE_SECTION_THRESHOLD,
): ActiveSectionPick {
  const now = sectionsInView(boxes, viewport, threshold);
  const entered = now.filter((id) => !wasInView.has(id));
  return { active: (viewport.atBottom ? entered.at(-1) : entered[0]) ?? null, inView: new Set(now) };
}
