/**
 * Attachments built when a mail is sent rather than stored with it (a digest workbook is large and
 * must reflect the data at send time). A module registers a builder once, at start, under a name;
 * an outbox row names the builder and its params (outbox.ts shows an example).
 */
import type { Db } from '@portal/db';
import type { Language } from '@portal/contracts';

export interface BuiltAttachment {
  content: Buffer;
  /** Overrides the row's file name, e.g. to add a date. */
  filename?: string;
}

/** Builds one attachment; `language` is the mail's (the recipient's), for headers and labels. */
export type AttachmentBuilder = (db: Db, params: Record<string, unknown>, language: Language) => Promise<BuiltAttachment>;

const builders = new Map<string, AttachmentBuilder>();

/** Registers (or replaces) the builder of one attachment kind; call it when the app is built. */
export function registerAttachmentBuilder(name: string, build: AttachmentBuilder): void {
  builders.set(name, build);
}

export function attachmentBuilder(name: string): AttachmentBuilder | undefined {
  return builders.get(name);
}
