/**
 * Column builders the tables share, so a serial key, a required reference or a creation or update
 * time is spelled once. Each call returns a new builder; the SQL they produce is the one the migrations hold.
 */
import { integer, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

type OnDelete = 'cascade' | 'set null';

/** `id serial primary key`. */
export const serialId = () => serial('id').primaryKey();

/** A `not null` integer column referencing `target` (e.g. `() => people.id`). */
export const requiredIntRef = <TName extends string>(name: TName, target: () => AnyPgColumn, onDelete?: OnDelete) =>
  integer(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});

/** A `not null` text column referencing `target` (e.g. `() => events.id`). */
export const requiredTextRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  text(name).notNull().references(target);

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()`. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
