import { describe, expect, it } from "vitest";
import { Turns } from "./turns";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** A turn that notes when it starts and ends, with a wait between, and answers its name. */
const noting = (log: string[], name: string) => async () => {
  log.push(`${name} starts`);
  await tick();
  log.push(`${name} ends`);
  return name;
};

describe("Turns", () => {
  it("runs the turns of one key one after another, in the order they were asked for", async () => {
    const turns = new Turns();
    const log: string[] = [];
    const answers = await Promise.all([
      turns.take("slot", noting(log, "a")),
      turns.take("slot", noting(log, "b")),
      turns.take("slot", noting(log, "c")),
    ]);
    expect(answers).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
  });

  it("lets different keys run at the same time", async () => {
    const turns = new Turns();
    const log: string[] = [];
    await Promise.all([turns.take("one", noting(log, "a")), turns.take("two", noting(log, "b"))]);
    expect(log.slice(0, 2)).toEqual(["a starts", "b starts"]);
  });

  it("goes on to the next turn after one fails, and passes the failure to its own caller only", async () => {
    const turns = new Turns();
    const failing = turns.take("slot", async () => {
      throw new Error("full");
    });
    const next = turns.take("slot", async () => "held");
    await expect(failing).rejects.toThrow("full");
    await expect(next).resolves.toBe("held");
  });

  it("forgets a key once its last turn has ended", async () => {
    const turns = new Turns();
    await turns.take("slot", async () => "done");
    await tick();
    expect(turns.size).toBe(0);
  });
});
