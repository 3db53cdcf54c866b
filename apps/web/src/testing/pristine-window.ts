/**
 * The window's properties that test files replace by assignment or defineProperty (a fake
 * scrollIntoView, a window height, a clipboard), as they were when this module was first imported:
 * once per worker, before the first file's tests ran (testing/shared-worker.ts imports it).
 */
type Owner = object;

const REPLACED: Array<[owner: () => Owner, key: string]> = [
  [() => Element.prototype, 'scrollIntoView'],
  [() => HTMLElement.prototype, 'scrollIntoView'],
  [() => window, 'innerHeight'],
  [() => window, 'innerWidth'],
  [() => window, 'open'],
  [() => window, 'scrollTo'],
  [() => window, 'print'],
  [() => navigator, 'clipboard'],
  [() => navigator, 'onLine'],
];

const pristine = REPLACED.map(([owner, key]) => ({ owner: owner(), key, descriptor: Object.getOwnPropertyDescriptor(owner(), key) }));

/** Puts every listed property back as it was (or removes it when the window had none of its own). */
export function restorePristineWindow(): void {
  for (const { owner, key, descriptor } of pristine) {
    const now = Object.getOwnPropertyDescriptor(owner, key);
    if (descriptor) {
      if (now?.configurable !== false) Object.defineProperty(owner, key, descriptor);
    } else if (now?.configurable) {
      Reflect.deleteProperty(owner, key);
    }
  }
}
