import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, honeypotInputProps, isSpam } from "./honeypot.server";

const config = { sessionSecrets: ["a-session-secret-of-at-least-32-chars!"], secureCookies: false, testRoutes: false };
const other = { ...config, sessionSecrets: ["another-instance-secret-of-32-chars!!"] };

async function posted(fields: Record<string, string>, from = config): Promise<FormData> {
  const props = await honeypotInputProps(from);
  const form = new FormData();
  form.set("code", "WELCOME10");
  form.set(HONEYPOT_FIELD, "");
  if (props.validFromFieldName && props.encryptedValidFrom)
    form.set(props.validFromFieldName, props.encryptedValidFrom);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("the honeypot", () => {
  it("lets a person's post through: the trap empty and the page's sealed time stamp", async () => {
    expect(await isSpam(config, await posted({}))).toBe(false);
  });

  it("takes a filled trap, a missing trap or a missing, forged or foreign stamp for a bot", async () => {
    expect(await isSpam(config, await posted({ [HONEYPOT_FIELD]: "https://spam.example" }))).toBe(true);
    const noTrap = await posted({});
    noTrap.delete(HONEYPOT_FIELD);
    expect(await isSpam(config, noTrap)).toBe(true);
    const noStamp = await posted({});
    noStamp.delete("from__confirm");
    expect(await isSpam(config, noStamp)).toBe(true);
    expect(await isSpam(config, await posted({ from__confirm: "forged" }))).toBe(true);
    expect(await isSpam(config, await posted({ from__confirm: "bm90IHNlYWxlZCBieSB1cw==" }))).toBe(true);
    // Sealed with another secret: not a page of this shop.
    expect(await isSpam(config, await posted({}, other))).toBe(true);
  });

  it("seals the stamp once a minute, to the start of that minute, and every instance with the secret accepts it", async () => {
    const first = await honeypotInputProps(config, 120_000 + 5_000);
    const same = await honeypotInputProps(config, 120_000 + 59_000);
    expect(same).toBe(first);
    const next = await honeypotInputProps(config, 180_000);
    expect(next).not.toBe(first);
  });
});
