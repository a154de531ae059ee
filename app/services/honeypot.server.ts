import { Honeypot, SpamError, type HoneypotInputProps } from "remix-utils/honeypot/server";
import type { AppServices } from "./context";

/*
 * The honeypot on the public forms that a bot would fill in (the coupon, "let me know when you deliver here"): a field
 * people never see, and a time stamp sealed with the session secret, so a post that did not come from our page is
 * refused. Every instance shares the secret, so a form rendered by one is accepted by another.
 */

/** The trap's name: a field a form-filling bot is glad to fill. */
export const HONEYPOT_FIELD = "website";
const VALID_FROM_FIELD = "from__confirm";

const honeypots = new Map<string, Honeypot>();

function honeypotFor(config: AppServices["config"]): Honeypot {
  const seed = config.sessionSecrets[0] ?? "";
  let honeypot = honeypots.get(seed);
  if (!honeypot) {
    honeypot = new Honeypot({
      nameFieldName: HONEYPOT_FIELD,
      validFromFieldName: VALID_FROM_FIELD,
      encryptionSeed: seed,
    });
    honeypots.set(seed, honeypot);
  }
  return honeypot;
}

const sealed = new Map<string, { minute: number; props: Promise<HoneypotInputProps> }>();

/**
 * The fields every honeypot form renders (through remix-utils' HoneypotProvider in the root). The time stamp is sealed
 * once a minute, not on every page: every page carries it, and sealing costs a key derivation and an encryption.
 */
export function honeypotInputProps(config: AppServices["config"], now = Date.now()): Promise<HoneypotInputProps> {
  const seed = config.sessionSecrets[0] ?? "";
  const minute = Math.floor(now / 60_000);
  const known = sealed.get(seed);
  if (known && known.minute === minute) return known.props;
  const props = honeypotFor(config).getInputProps({ validFromTimestamp: minute * 60_000 });
  sealed.set(seed, { minute, props });
  return props;
}

/**
 * Whether a post is a bot's: the trap filled in, or the time stamp missing, forged or from the future. A form without
 * the trap at all is a bot's too (remix-utils lets a form with neither field through).
 */
export async function isSpam(config: AppServices["config"], form: FormData): Promise<boolean> {
  if (!form.has(HONEYPOT_FIELD)) return true;
  try {
    await honeypotFor(config).check(form);
    return false;
  } catch (error) {
    // A stamp that is not base64 or not sealed with our secret fails inside the decryption (a DOMException, not a
    // SpamError): it did not come from our page either.
    if (error instanceof SpamError || error instanceof DOMException) return true;
    throw error;
  }
}
