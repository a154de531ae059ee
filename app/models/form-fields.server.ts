import { z } from "zod";

/*
 * Fields many forms carry, declared once for their schemas. Server only (the `.server` name makes the build refuse it
 * in the browser): the browser leans on HTML attributes and the server's reply, and zod stays out of its bundle.
 */

/**
 * The key that makes a repeated post change things once (DESIGN.md: every mutation carries one). A malformed key is
 * dropped, not refused: the change still goes through, just without the replay guard.
 */
export const idempotencyKeyField = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,150}$/)
  .optional()
  .catch(undefined);

/** A basket line's id, as the forms that change a line carry it. */
export const basketLineIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/);

/** A database id in a hidden field. */
export const idField = z.coerce.number().int().positive().max(2_147_483_647);
