import { z } from "zod";

/*
 * zod for schemas that also run in the browser (the saved card's security code). zod's compiled fast path probes
 * `new Function` as each object schema is built, and the page's policy forbids eval (no 'unsafe-eval'), so in the
 * browser it is switched off before any such schema is built: import `z` from here, not from "zod". The rules are
 * the same either way; only the server keeps the fast path.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
